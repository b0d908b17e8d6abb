#!/usr/bin/python3
# Decodes one message file the way a mail reader would (Python's email package, its modern
# policy) and prints it as JSON, so C++ tests check what a recipient sees rather than comparing
# encoded forms:
#
#   {"headers": {"subject": ["decoded", ...], ...},       # names lower-cased, values decoded
#    "from": {"name": "Ada", "address": "ada@acme.example"}, "to": {...},
#    "date": "2026-06-02T09:30:00+00:00",                 # null when Date does not parse
#    "contentType": "multipart/alternative",
#    "parts": [{"contentType": "text/plain", "charset": "utf-8",
#               "transferEncoding": "quoted-printable", "content": "decoded text"}],
#    "defects": ["..."]}                                  # what the parser found wrong
#
#   /usr/bin/python3 tests/support/mime_decode.py message.eml
import email
import email.policy
import json
import sys


def mailbox(message, name):
    header = message[name]
    if header is None or not header.addresses:
        return None
    address = header.addresses[0]
    return {"name": address.display_name, "address": address.addr_spec}


def main():
    with open(sys.argv[1], "rb") as source:
        message = email.message_from_binary_file(source, policy=email.policy.default)
    headers = {}
    for name, value in message.items():
        headers.setdefault(name.lower(), []).append(str(value))
    defects = [repr(d) for d in message.defects]
    parts = []
    for part in message.walk():
        defects += [repr(d) for d in part.defects]
        if part.is_multipart():
            continue
        parts.append({
            "contentType": part.get_content_type(),
            "charset": part.get_content_charset(),
            "transferEncoding": part.get("Content-Transfer-Encoding", "7bit"),
            "content": part.get_content(),
        })
    date = message["date"]
    date = date.datetime.isoformat() if date is not None and date.datetime else None
    json.dump({"headers": headers, "from": mailbox(message, "from"), "date": date,
               "to": mailbox(message, "to"), "contentType": message.get_content_type(),
               "parts": parts, "defects": defects}, sys.stdout)


if __name__ == "__main__":
    main()
