"""The domino games 接龍 (Jie Long), 斜釘 (Tse Ding) and 頂牛 (Ding Niu), sharing `chain`."""
