"""People who last beyond one table (issue 22): accounts, their sessions, profiles, friends, ratings
and clubs.

A guest still plays in one click with a seat cookie per table; an account is optional. Everything
here is stored through the app's one database (`yezi.server.db.metadata`, Alembic migrations from
0006 on) so several instances sharing PostgreSQL agree at once.

`identity` is what every other part uses: who the request is (`current_user`), and the session
rows behind the ``yezi_session`` cookie.
"""
