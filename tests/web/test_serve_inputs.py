"""`tcgsim serve` refuses a bad --db or --port at startup (exit 2, one line, the file unchanged), before any
address is printed or any server runs: README "Exit status 2 means bad input ... another program's file is
refused unchanged, and a damaged one is named as such"."""

from __future__ import annotations

import hashlib
import socket
import sqlite3

import pytest

import tcgsim.web.server as web_server


@pytest.fixture
def no_server(monkeypatch):
    """A serve command that gets past its checks fails the test instead of serving forever."""
    def refuse(*args, **kwargs):
        raise AssertionError("the server was started")
    monkeypatch.setattr(web_server, "server", refuse)


def _serve(capsys, *args) -> str:
    from tcgsim.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "open http" not in err and len(err.strip().splitlines()) == 1
    return err


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_another_programs_sqlite_file_is_refused_unchanged(tmp_path, capsys, no_server):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as c:
        c.execute("CREATE TABLE t (x)")
        c.execute("INSERT INTO t VALUES (1)")
    before = _digest(other)
    err = _serve(capsys, "--db", str(other), "--port", "1")
    assert err.startswith(f"--db {other}: not a tcgsim serve database (tables t); left unchanged")
    assert _digest(other) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal or -shm left either


def test_a_simulate_database_is_refused_naming_what_it_is(tmp_path, capsys, no_server):
    from tcgsim.batch.store import GameStore as BatchStore

    runs = tmp_path / "runs.db"
    BatchStore(runs).close()
    before = _digest(runs)
    err = _serve(capsys, "--db", str(runs))
    assert err.startswith(f"--db {runs}: a `tcgsim simulate`/`gauntlet` game database")
    assert _digest(runs) == before


def test_a_damaged_serve_database_is_refused_as_damaged(tmp_path, capsys, no_server):
    from tcgsim.web.store import GameStore

    db = tmp_path / "games.db"
    store = GameStore(db)
    store._db.execute("PRAGMA journal_mode=DELETE")
    for k in range(200):  # enough rows for pages past the first
        store._db.execute("INSERT INTO answers (game, n, answer) VALUES (?, ?, ?)", (f"g{k}", k, k))
    store.close()
    data = bytearray(db.read_bytes())
    page = 4096  # pages: 1 schema, 2 games, 3 its index, 4 answers, 5 its index
    data[3 * page: 4 * page] = b"\xff" * page  # garble the answers table
    db.write_bytes(bytes(data))
    before = _digest(db)
    err = _serve(capsys, "--db", str(db))
    assert f"--db {db}: the game database is damaged (corrupt" in err
    assert _digest(db) == before
    text = tmp_path / "text.db"
    text.write_text("not a database at all\n" * 100)
    err = _serve(capsys, "--db", str(text))
    assert "damaged (corrupt) or not an SQLite file" in err and text.read_text() == "not a database at all\n" * 100


def test_a_serve_database_written_before_the_application_id_still_opens(tmp_path):
    from tcgsim.web.store import _SCHEMA, SERVER_APPLICATION_ID, GameStore

    db = tmp_path / "old.db"
    with sqlite3.connect(db) as c:
        c.executescript(_SCHEMA)
    GameStore(db).close()
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA application_id").fetchone()[0] == SERVER_APPLICATION_ID
    GameStore(db).close()


def test_a_port_in_use_is_one_line_naming_the_option(tmp_path, capsys, no_server):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        err = _serve(capsys, "--db", str(tmp_path / "g.db"), "--port", str(port))
    finally:
        busy.close()
    assert err.startswith(f"--port {port}: cannot listen on 127.0.0.1:{port}: the port is in use")
