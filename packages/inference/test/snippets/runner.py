"""Runs Python snippets one after another in this process and reports what each printed.

Usage: python3 runner.py jobs.json results.json. A job is {file, dir, env, mode}: mode "run"
executes the snippet, mode "parse" only checks that it is valid Python (for clients that are not
installed here).
"""
import ast
import contextlib
import io
import json
import os
import sys
import traceback

jobs_path, results_path = sys.argv[1:3]
with open(jobs_path, encoding="utf-8") as f:
    jobs = json.load(f)

results = []
for job in jobs:
    with open(job["file"], encoding="utf-8") as f:
        source = f.read()
    output = io.StringIO()
    error = None
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
        error = traceback.format_exc(limit=3)
    results.append({"file": job["file"], "ok": error is None, "output": output.getvalue(), "error": error})

with open(results_path, "w", encoding="utf-8") as f:
    json.dump(results, f)
