#!/usr/bin/env python3
"""The installed manual says what --help says: every command's abstract and
discussion and every option's help, with their non-ASCII characters
("-90…90", "°C", "🌞"), rendered by man without a warning.

    manual-matches-help.py PAGE BINARY
"""
import json
import os
import re
import subprocess
import sys

page, binary = sys.argv[1], sys.argv[2]
environment = dict(os.environ, LANG="C.UTF-8", MANWIDTH="1000")
rendered = subprocess.run(["man", "-l", page], env=environment, capture_output=True, text=True)
problems = []
if rendered.returncode != 0 or rendered.stderr.strip():
    problems.append("man -l: " + rendered.stderr.strip())


def normalized(text):
    # groff's typographic hyphens and quotes, and its spacing, are not the text.
    text = text.replace("\u2010", "-").replace("\u2212", "-").replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text).strip()


manual = normalized(rendered.stdout)
dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout)


def texts(command):
    yield command.get("abstract", "")
    yield from command.get("discussion", "").split("\n")
    for argument in command.get("arguments", []):
        if argument.get("shouldDisplay", True):
            yield argument.get("abstract", "")
            yield from argument.get("discussion", "").split("\n") if isinstance(argument.get("discussion"), str) else []
    for subcommand in command.get("subcommands", []):
        yield from texts(subcommand)


checked = 0
for text in texts(dump["command"]):
    text = normalized(text)
    if not text:
        continue
    checked += 1
    if text not in manual:
        problems.append("not in the manual: " + text)

# EXIT STATUS lists forecastly's own statuses, each with what it means, not the generic sentence.
exit_status = re.search(r"EXIT STATUS(.*?)(?:\n[A-Z][A-Z ]+\n|$)", rendered.stdout, re.S)
section = normalized(exit_status.group(1)) if exit_status else ""
for code, meaning in [("64", "invalid input"), ("69", "a service is unavailable"), ("75", "temporary failure"), ("77", "permission"),
                      ("78", "the configuration file is wrong")]:
    if f"{code} {meaning}" not in section:
        problems.append(f"EXIT STATUS does not say {code} {meaning}: {section[:200]}")
if "exits 0 on success" in section:
    problems.append("EXIT STATUS is the generic sentence")

if checked < 100:
    problems.append(f"only {checked} texts found in --experimental-dump-help")
for problem in problems[:20]:
    print(problem)
print(f"{checked} texts of --help checked, {len(problems)} problems")
sys.exit(1 if problems else 0)
