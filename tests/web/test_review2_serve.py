"""Second reading (branch review2) of 3db88bf "serve: ... --port in use is one line, exit 2, before the
address is printed (the socket is bound first and handed to uvicorn)". An xfail(strict) test is a defect of
today's main, left unfixed here."""

from __future__ import annotations

import socket

import pytest

import tcgsim.web.server as web_server


@pytest.fixture
def no_server(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the server was started")
    monkeypatch.setattr(web_server, "server", refuse)


def _serve_busy_port(capsys, db) -> str:
    from tcgsim.cli import main

    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        with pytest.raises(SystemExit) as exit_:
            main(["serve", "--db", str(db), "--port", str(port)])
    finally:
        busy.close()
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"--port {port}: ") and len(err.strip().splitlines()) == 1
    return err


def test_a_port_in_use_is_one_line(tmp_path, capsys, no_server):
    _serve_busy_port(capsys, tmp_path / "g.db")  # the commit's claim, holds


@pytest.mark.xfail(strict=True, reason="defect (3db88bf): serve_command calls create_app(path), which opens "
                   "and writes the --db file (schema, WAL, application_id), before _bound_socket(port); a start "
                   "refused for --port still creates the database (with -wal/-shm), so the socket is not "
                   "'bound first' and a refused start is not free of side effects (tests/web/test_serve_inputs.py "
                   "header: refused 'before any address is printed or any server runs', 'the file unchanged')")
def test_a_port_in_use_leaves_no_database_behind(tmp_path, capsys, no_server):
    db = tmp_path / "new.db"
    _serve_busy_port(capsys, db)
    assert not db.exists(), sorted(p.name for p in tmp_path.iterdir())
