"""Balance analysis (`yezi analyze GAME`): seat advantage per preset and the effect of each variant.

`yezi.analysis.run` plays seeded deals (every core or Ray), `yezi.analysis.summary` turns them
into means with 95% intervals, paired against the preset, and `yezi.analysis.report` writes the
Markdown report and the charts. Needs numpy and matplotlib.
"""
