"""A test double of fal_client, for the snippet-run matrix only: fal_client has no wheel on these
machines, so its snippets run against this module (put on PYTHONPATH by snippets-run.test.ts).

It makes the requests fal_client's SyncClient.subscribe makes, over HTTP, against whatever answers
for https://queue.fal.run (the runner rewrites the host to the emulator's): POST the arguments as
JSON to the queue under the application id with `Authorization: Key {key}`, GET the returned
status_url until the status is COMPLETED, then GET the response_url and return its JSON. Each call
is recorded (application, arguments, key, the statuses seen, whether the result was fetched) as one
JSON line in the file named by FAL_CLIENT_DOUBLE_LOG, so the test can check the snippet's calls,
arguments and flow. Only what the snippets use is here.
"""
import json
import os
import time

import requests

QUEUE_URL = "https://queue.fal.run"
POLL_SECONDS = 0.1


class InProgress:
    def __init__(self, logs=None):
        self.logs = logs or []


class Queued:
    def __init__(self, position=None):
        self.position = position


class Completed:
    def __init__(self, logs=None, metrics=None):
        self.logs = logs or []
        self.metrics = metrics or {}


def _record(entry):
    path = os.environ.get("FAL_CLIENT_DOUBLE_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")


class SyncClient:
    def __init__(self, key=None, default_timeout=120.0):
        if key is None:
            key = os.environ.get("FAL_KEY")
        if not key:
            raise ValueError("fal_client double: no key given and FAL_KEY is not set")
        self.key = key
        self.default_timeout = default_timeout

    def subscribe(self, application, arguments, *, path="", with_logs=False, on_enqueue=None, on_queue_update=None):
        if not isinstance(application, str) or not application:
            raise TypeError("fal_client double: application must be a non-empty string")
        if not isinstance(arguments, dict):
            raise TypeError("fal_client double: arguments must be a dict")
        entry = {"application": application, "arguments": arguments, "key": self.key, "statuses": [], "result": False}
        headers = {"Authorization": f"Key {self.key}"}
        submitted = requests.post(f"{QUEUE_URL}/{application}{path}", json=arguments, headers=headers)
        submitted.raise_for_status()
        handle = submitted.json()
        if on_enqueue:
            on_enqueue(handle["request_id"])
        deadline = time.monotonic() + self.default_timeout
        while True:
            reply = requests.get(handle["status_url"], params={"logs": "1" if with_logs else "0"}, headers=headers)
            reply.raise_for_status()
            status = reply.json()
            entry["statuses"].append(status["status"])
            if on_queue_update:
                if status["status"] == "IN_QUEUE":
                    on_queue_update(Queued(status.get("queue_position")))
                elif status["status"] == "IN_PROGRESS":
                    on_queue_update(InProgress(status.get("logs")))
            if status["status"] == "COMPLETED":
                break
            if time.monotonic() > deadline:
                _record(entry)
                raise TimeoutError(f"fal_client double: {application} did not complete")
            time.sleep(POLL_SECONDS)
        result = requests.get(handle["response_url"], headers=headers)
        result.raise_for_status()
        entry["result"] = True
        _record(entry)
        return result.json()


def subscribe(application, arguments, **kwargs):
    return SyncClient().subscribe(application, arguments, **kwargs)
