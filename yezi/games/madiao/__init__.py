"""Ma Diao 馬弔, reconstructed from Feng Menglong's 《馬弔脚例》 (c. 1620).

One deal is one hand (`game.MaDiao`); a session of hands with seat draw, banker rotation,
stakes and the 官堆 pool carried from hand to hand is `session.Session`.
"""
