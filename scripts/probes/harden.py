#!/usr/bin/env python3
"""Probes of issue 15's defects against a spacechess binary, on loopback only, every
loop bounded in count and time. Prints one line per probe with its figure; run it with
the binary before and after a change and compare.

    scripts/probes/harden.py target/release/spacechess [probe ...]

Probes: ws, conn, sigterm, clock, draw, quota, resident, small, disk (default: all; disk
mounts a small tmpfs and so needs root).
"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, threading, time

BIN = sys.argv[1]
# One anonymous player for every request (the server's bearer form of its player id).
PLAYER = os.urandom(16).hex()
WANT = sys.argv[2:] or ["ws", "conn", "sigterm", "clock", "draw", "quota", "resident", "small", "disk"]


class Server:
    def __init__(self, *flags, data=None):
        self.dir = data or tempfile.mkdtemp(prefix="probe-")
        self.p = subprocess.Popen([BIN, "serve", "--port", "0", "--data", self.dir, *flags],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.p.stdout.readline().strip()
        host, port = line.split("http://")[1].rstrip("/").split(":")
        self.addr = (host, int(port))

    def status(self, key):
        with open(f"/proc/{self.p.pid}/status") as f:
            for l in f:
                if l.startswith(key):
                    return l.split()[1]

    def rss_mb(self):
        return int(self.status("VmRSS:")) / 1024

    def hwm_mb(self):
        return int(self.status("VmHWM:")) / 1024

    def threads(self):
        return int(self.status("Threads:"))

    def stop(self, keep=False):
        self.p.kill()
        self.p.wait()
        if not keep:
            shutil.rmtree(self.dir, ignore_errors=True)


def req(addr, method, path, body=None, timeout=60, raw_head=None):
    """One request on a fresh connection: (status, headers dict, body bytes)."""
    s = socket.create_connection(addr, timeout=timeout)
    data = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    head = raw_head or (f"{method} {path} HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nAuthorization: Bearer {PLAYER}\r\n"
                        f"Connection: close\r\nContent-Length: {len(data)}\r\n\r\n").encode()
    def send():
        try:
            s.sendall(head + data)
        except OSError:
            pass
    t = threading.Thread(target=send); t.start()
    out = b""
    try:
        while True:
            c = s.recv(65536)
            if not c:
                break
            out += c
    except OSError:
        pass
    t.join(); s.close()
    h, _, b = out.partition(b"\r\n\r\n")
    lines = h.decode("latin1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and len(lines[0].split()) > 1 else 0
    headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
    return status, headers, b


def create(addr, **game):
    st, _, b = req(addr, "POST", "/api/games", game)
    return st, (json.loads(b) if b else None)


def ws_open(addr, gid):
    s = socket.create_connection(addr, timeout=30)
    s.sendall((f"GET /api/games/{gid}/ws HTTP/1.1\r\nHost: {addr[0]}:{addr[1]}\r\nAuthorization: Bearer {PLAYER}\r\n"
               "Connection: Upgrade\r\nUpgrade: websocket\r\n"
               "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        c = s.recv(4096)
        if not c:
            break
        head += c
    return s, int(head.split()[1]) if head else 0


def probe_ws():
    srv = Server()
    _, g = create(srv.addr, variant="stacked", mode="local")
    # Sockets on one game from one address.
    socks = [ws_open(srv.addr, g["id"]) for _ in range(40)]
    ok = sum(1 for _, st in socks if st == 101)
    for s, _ in socks:
        s.close()
    time.sleep(1)
    # 16 sockets each sending one 45 MiB message (masked frames, zero key).
    chunk = b"x" * (1 << 20)
    def big(i):
        s, st = ws_open(srv.addr, g["id"])
        if st != 101:
            return
        try:
            # Three 15 MiB frames (a frame is at most 16 MiB by default): text,
            # continuation, final continuation.
            for op in (0x01, 0x00, 0x80):
                s.sendall(bytes([op, 0xFF]) + (15 << 20).to_bytes(8, "big") + b"\0\0\0\0")
                for _ in range(15):
                    s.sendall(chunk)
            time.sleep(2)
        except OSError:
            pass
        s.close()
    t0 = time.time()
    ts = [threading.Thread(target=big, args=(i,)) for i in range(16)]
    [t.start() for t in ts]; [t.join(timeout=120) for t in ts]
    print(f"ws: sockets accepted on one game from one address {ok}/40; 16 x 45 MiB messages: peak RSS {srv.hwm_mb():.0f} MB after {time.time()-t0:.1f} s")
    srv.stop()


def still_open(s, wait):
    s.settimeout(wait)
    try:
        return s.recv(1) != b"" or False
    except socket.timeout:
        return True
    except OSError:
        return False


def probe_conn():
    srv = Server()
    a = socket.create_connection(srv.addr); a.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1")
    b = socket.create_connection(srv.addr); b.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n0123456789")
    c = socket.create_connection(srv.addr); c.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    c.settimeout(10); c.recv(65536)
    time.sleep(15)
    res = []
    for name, s in (("partial header", a), ("partial body", b), ("idle keep-alive", c)):
        # Drain any answer, then see whether the server closed.
        s.settimeout(0.5)
        try:
            while s.recv(65536):
                pass
            res.append(f"{name} closed")
        except socket.timeout:
            res.append(f"{name} OPEN")
        except OSError:
            res.append(f"{name} closed")
    # Connections from one address: how many get a 429.
    held = []
    for _ in range(100):
        s = socket.create_connection(srv.addr); held.append(s)
    time.sleep(1)
    refused = 0
    for s in held:
        s.settimeout(0.2)
        try:
            if s.recv(64).startswith(b"HTTP/1.1 429"):
                refused += 1
        except OSError:
            pass
        s.close()
    print(f"conn: after 15 s: {', '.join(res)}; 100 connections from one address: {refused} refused with 429")
    srv.stop()


def probe_sigterm():
    srv = Server()
    _, g = create(srv.addr, variant="stacked", mode="local")
    slow = [socket.create_connection(srv.addr) for _ in range(3)]
    # A partial head, a partial body (a request in flight), an idle keep-alive.
    slow[0].sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1")
    slow[1].sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n{")
    slow[2].sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"); slow[2].recv(65536)
    ws, _ = ws_open(srv.addr, g["id"])
    time.sleep(0.5)
    t0 = time.time()
    srv.p.send_signal(signal.SIGTERM)
    try:
        srv.p.wait(timeout=20)
        took = f"exited in {time.time()-t0:.1f} s"
    except subprocess.TimeoutExpired:
        took = "still running after 20 s"
    print(f"sigterm with a partial head, a partial body, an idle connection and a WebSocket open: {took}")
    srv.stop()


def probe_clock():
    srv = Server()
    st, g = create(srv.addr, variant="stacked", mode="computer", human="black", level="max",
                   time_control={"minutes": 1440, "increment_seconds": 3600})
    t0 = time.time()
    moved = None
    while time.time() - t0 < 40:
        _, _, b = req(srv.addr, "GET", f"/api/games/{g['id']}")
        v = json.loads(b)
        if v["ply"] >= 1:
            moved = time.time() - t0
            break
        time.sleep(0.5)
    print("clock 1440 min + 3600 s, level Max: " + (f"computer moved after {moved:.1f} s" if moved else "computer still thinking after 40 s"))
    srv.stop()


def probe_draw():
    srv = Server()
    games = [create(srv.addr, variant="fourfold", mode="computer", human="white", level=1,
                    position="4/4/PPPP/RNK1|4/4/4/1BR1|1rb1/4/4/4|qknr/pppp/4/4 w 0 1")[1]
             for _ in range(32)]
    n = [0, 0]
    end = time.time() + 15
    peak_threads = [0]
    def offer(g):
        while time.time() < end:
            st, _, _ = req(srv.addr, "POST", f"/api/games/{g['id']}/draw")
            n[0 if st == 200 else 1] += 1
    def watch():
        while time.time() < end:
            peak_threads[0] = max(peak_threads[0], srv.threads()); time.sleep(0.2)
    ts = [threading.Thread(target=offer, args=(g,)) for g in games] + [threading.Thread(target=watch)]
    [t.start() for t in ts]; [t.join() for t in ts]
    print(f"draw offers on 32 games at once for 15 s: {n[0]} answered, {n[1]} refused; peak RSS {srv.hwm_mb():.0f} MB, peak threads {peak_threads[0]}")
    srv.stop()


def probe_quota():
    srv = Server("--games-per-hour", "3")
    ids = [create(srv.addr, variant="stacked", mode="local")[1]["id"] for _ in range(3)]
    for i in ids:
        req(srv.addr, "DELETE", f"/api/games/{i}")
    st, _ = create(srv.addr, variant="stacked", mode="local")
    st2, h, _ = req(srv.addr, "POST", "/api/games", {"variant": "stacked", "mode": "local"})
    print(f"quota 3/h: after creating and deleting 3, a 4th create got {st}; a 429 had Retry-After: {h.get('retry-after') if st2 == 429 else '(no 429)'}")
    srv.stop()


def probe_resident():
    srv = Server("--games-per-hour", "100000", "--open-games-per-player", "100000",
                 "--open-games-per-address", "100000")
    for _ in range(2000):
        st, _, _ = req(srv.addr, "POST", "/api/games", {"variant": "stacked", "mode": "local"})
    data = srv.dir
    srv.stop(keep=True)
    srv = Server(data=data)
    time.sleep(1)
    print(f"2000 unfinished local games in the store: RSS after start {srv.rss_mb():.1f} MB")
    srv.stop()


def probe_small():
    srv = Server()
    out = []
    st, h, b = req(srv.addr, "POST", "/api/games", {"variant": "stacked", "mode": "local", "time_control": {"minutes": 1e-9}})
    out.append(f"minutes 1e-9 -> {st}")
    st, h, b = req(srv.addr, "GET", "/api/games/%ff%fe")
    out.append(f"%ff%fe -> {st} {h.get('content-type')}")
    _, g = create(srv.addr, variant="stacked", mode="local")
    st, h, b = req(srv.addr, "GET", f"/api/games/{g['id']}/ws")
    out.append(f"ws without upgrade -> {st} {h.get('content-type')}")
    head = (f"GET /api/games/{g['id']}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
            "Sec-WebSocket-Version: 7\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").encode()
    st, h, b = req(srv.addr, "GET", "", raw_head=head)
    out.append(f"ws version 7 -> {st} {h.get('content-type')}")
    head = f"GET /api/games/{'a' * (1 << 20)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    st, h, b = req(srv.addr, "GET", "", raw_head=head)
    out.append(f"1 MB URL -> {st}, {len(b)} body bytes")
    st, h, b = req(srv.addr, "POST", "/api/games", {"variant": "stacked", "position": "x" * 60000})
    out.append(f"60 KB field -> {st}, {len(b)} body bytes")
    st, h, b = req(srv.addr, "POST", "/api/games", {"variant": "trid", "rules": "meder", "options": ["rook-pawns"]})
    out.append(f"meder rook-pawns -> {json.loads(b)['error']['message']!r}")
    print("small: " + "; ".join(out))
    srv.stop()


def probe_disk():
    """A computer move that fails to store because the disk is full: is it stored once
    space returns? The data directory is a 4 MB tmpfs; the disk is filled right after the
    player's move is acknowledged, while the computer searches."""
    mnt = tempfile.mkdtemp(prefix="probe-disk-")
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mnt], check=True)
    srv = None
    try:
        srv = Server(data=mnt)
        _, g = create(srv.addr, variant="stacked", mode="computer", human="white", level=6)
        token = g["legal_moves"][0]["token"]
        st, _, _ = req(srv.addr, "POST", f"/api/games/{g['id']}/moves", {"move": token, "ply": 0})
        filler = os.path.join(mnt, "filler")
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError:
            pass
        os.close(fd)
        def ply():
            _, _, b = req(srv.addr, "GET", f"/api/games/{g['id']}")
            v = json.loads(b)
            return v["ply"], v["computer_thinking"]
        time.sleep(8)
        full = ply()
        os.remove(filler)
        t0 = time.time(); stored = None
        while time.time() - t0 < 60:
            if ply()[0] >= 2:
                stored = time.time() - t0
                break
            time.sleep(0.2)
        srv.stop(keep=True)
        srv = Server(data=mnt)
        after_restart = ply()[0]
        print(f"disk: player's move {st}; 8 s with the disk full: ply {full[0]}, thinking {full[1]}; "
              + (f"space back: the computer's move stored after {stored:.1f} s" if stored is not None
                 else "space back: computer's move still not stored after 60 s")
              + f"; after a restart the game is at ply {after_restart}")
    finally:
        if srv:
            srv.stop(keep=True)
        subprocess.run(["umount", mnt]); os.rmdir(mnt)


for p in WANT:
    globals()["probe_" + p]()
