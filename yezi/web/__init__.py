"""Static files of the browser client (served by yezi.server.app under /static)."""
