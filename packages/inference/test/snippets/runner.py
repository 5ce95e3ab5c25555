"""Runs Python snippets one after another in this process and reports what each printed.

Usage: python runner.py jobs.json results.json. A job is {file, dir, env, mode}: mode "run"
executes the snippet, mode "parse" only checks that it is valid Python (for clients whose package
is not installed here).

The hosts of every HTTP request are rewritten to the emulator's stand-ins (HUBKIT_HOSTS, a JSON
object {real origin: local origin}), below the clients: huggingface_hub and openai (httpx2) and
requests (urllib3) and urllib.request keep their real URLs everywhere else, as they would against the real services.
One interpreter runs a whole batch, so the clients are imported once.
"""
import ast
import contextlib
import io
import json
import os
import sys
import time
import traceback
from urllib.parse import urlsplit

HOSTS = json.loads(os.environ.get("HUBKIT_HOSTS", "{}"))


def local_origin(url):
    parts = urlsplit(str(url))
    return HOSTS.get(f"{parts.scheme}://{parts.netloc}")


def patch_httpx():
    try:
        import httpx2 as httpx
    except ImportError:
        try:
            import httpx
        except ImportError:
            return
    original = httpx.HTTPTransport.handle_request

    def handle_request(self, request):
        local = local_origin(request.url)
        if local:
            target = urlsplit(local)
            request.url = request.url.copy_with(scheme=target.scheme, host=target.hostname, port=target.port)
            request.headers["Host"] = target.netloc
        return original(self, request)

    httpx.HTTPTransport.handle_request = handle_request


def patch_requests():
    try:
        import requests.adapters
    except ImportError:
        return
    original = requests.adapters.HTTPAdapter.send

    def send(self, request, *args, **kwargs):
        local = local_origin(request.url)
        if local:
            parts = urlsplit(request.url)
            request.url = local + request.url[len(f"{parts.scheme}://{parts.netloc}") :]
        return original(self, request, *args, **kwargs)

    requests.adapters.HTTPAdapter.send = send


def patch_urllib():
    # The standard library's client (urllib.request.urlretrieve / urlopen), for snippets that
    # download a generated file with it.
    import urllib.request

    original = urllib.request.OpenerDirector.open

    def open_(self, fullurl, *args, **kwargs):
        url = fullurl.full_url if isinstance(fullurl, urllib.request.Request) else fullurl
        local = local_origin(url)
        if local:
            parts = urlsplit(url)
            url = local + url[len(f"{parts.scheme}://{parts.netloc}") :]
            if isinstance(fullurl, urllib.request.Request):
                fullurl.full_url = url
            else:
                fullurl = url
        return original(self, fullurl, *args, **kwargs)

    urllib.request.OpenerDirector.open = open_


def shorten_waits():
    # A provider's poll interval becomes 50 ms at most: the same requests, only sooner.
    import time

    real_sleep = time.sleep
    time.sleep = lambda seconds: real_sleep(0.05 if 0.2 <= seconds <= 10 else seconds)


patch_httpx()
patch_requests()
patch_urllib()
shorten_waits()

jobs_path, results_path = sys.argv[1:3]
with open(jobs_path, encoding="utf-8") as f:
    jobs = json.load(f)

results = []
for job in jobs:
    with open(job["file"], encoding="utf-8") as f:
        source = f.read()
    output = io.StringIO()
    error = None
    started = time.perf_counter()
    try:
        tree = ast.parse(source, job["file"])
        if job["mode"] == "run":
            os.chdir(job["dir"])
            os.environ.update(job["env"])
            try:
                with contextlib.redirect_stdout(output):
                    exec(compile(tree, job["file"], "exec"), {"__name__": "__main__"})
            finally:
                for name in job["env"]:
                    os.environ.pop(name, None)
    except BaseException:  # a snippet may call sys.exit; report it like any failure
        error = traceback.format_exc(limit=4)
    results.append(
        {
            "file": job["file"],
            "ok": error is None,
            "output": output.getvalue(),
            "error": error,
            "ms": (time.perf_counter() - started) * 1000,
        }
    )

with open(results_path, "w", encoding="utf-8") as f:
    json.dump(results, f)
