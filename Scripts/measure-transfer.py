#!/usr/bin/env python3
"""Bytes on the wire for a first load and a reload of one page of a running navdom server.

    swift run navdom serve --port 8090 --quiet &
    Scripts/measure-transfer.py http://127.0.0.1:8090/

Loads the page as a browser does (Accept-Encoding: gzip), then what it links: its scripts, its
stylesheets, /favicon.ico and, for a client-side page, the WebAssembly module its container
names (data-navdom-wasm). Then a reload: the page again (pages are never cached) and every other
file revalidated with the validators the first load gave (If-None-Match, If-Modified-Since), as a
browser does for files marked no-cache. Counts every byte of each response (status line, headers
and body; HTTP/1.1 with Connection: close) and prints one line per request and the totals.
"""

import re
import socket
import sys
import urllib.parse


def fetch(host, port, path, headers):
    """The whole raw response to GET path, and its parsed status and headers."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    request = ("\r\n".join(lines) + "\r\n\r\n").encode()
    with socket.create_connection((host, port), timeout=30) as connection:
        connection.sendall(request)
        chunks = []
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    head_lines = head.decode("latin-1").split("\r\n")
    status = int(head_lines[0].split()[1])
    parsed = {}
    for line in head_lines[1:]:
        name, _, value = line.partition(":")
        parsed[name.strip().lower()] = value.strip()
    return raw, status, parsed, body


def linked_files(html):
    """What a browser fetches for the page: scripts, stylesheets, the favicon, the module."""
    files = re.findall(r'<script[^>]*\bsrc="([^"]+)"', html)
    files += re.findall(r'<link[^>]*\bhref="([^"]+)"', html)
    module = re.search(r'data-navdom-wasm="([^"]*)"', html)
    if module:
        files.append(module.group(1) or "/navdom.wasm")
    files.append("/favicon.ico")
    return files


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: Scripts/measure-transfer.py URL")
    url = urllib.parse.urlsplit(sys.argv[1])
    host, port = url.hostname, url.port or 80
    page = url.path or "/"
    accept = {"Accept-Encoding": "gzip, deflate, br"}

    raw, status, headers, body = fetch(host, port, page, accept)
    if headers.get("content-encoding") == "gzip":
        import gzip
        html = gzip.decompress(body).decode()
    else:
        html = body.decode()
    first = [(page, status, len(raw))]
    validators = {}
    for path in linked_files(html):
        raw, status, headers, _ = fetch(host, port, path, accept)
        first.append((path, status, len(raw)))
        condition = {}
        if "etag" in headers:
            condition["If-None-Match"] = headers["etag"]
        if "last-modified" in headers:
            condition["If-Modified-Since"] = headers["last-modified"]
        validators[path] = condition

    raw, status, _, _ = fetch(host, port, page, accept)
    reload = [(page, status, len(raw))]
    for path, condition in validators.items():
        raw, status, _, _ = fetch(host, port, path, {**accept, **condition})
        reload.append((path, status, len(raw)))

    for name, rows in (("first load", first), ("reload", reload)):
        for path, status, count in rows:
            print(f"  {name:10} {status} {count:8} bytes  {path}")
        print(f"{name}: {sum(count for _, _, count in rows)} bytes in {len(rows)} responses")


if __name__ == "__main__":
    main()
