"""Learned bots: Deep Monte-Carlo self-play training (`yezi train GAME`, docs/bots.md).

`yezi.train.dmc` trains, `yezi.train.mlp` is the numpy Q-network, `yezi.train.features` what
it reads. Playing a trained network needs only numpy (`yezi.bots.learned`)."""
