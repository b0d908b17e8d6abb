#!/usr/bin/env bash
# Installs the Debian 12 packages Lodestone builds and tests with. Packages already present are
# skipped; apt-get runs only when something is missing. Needs root (or sudo). Arguments name
# further packages a script needs beyond these (scripts/fuzz.sh: clang and libFuzzer).
set -euo pipefail

packages=(
    build-essential cmake pkg-config clang-format
    libpoco-dev          # Foundation, Net, NetSSL, Crypto, Util, JSON, Data, Data/SQLite
    libssl-dev           # OpenSSL, for NetSSL and the tests' independent HMAC check
    libsqlite3-dev       # the SQLite C API, for transaction control
    libyaml-cpp-dev
    libkainjow-mustache-dev  # Mustache templates for lead-magnet content and pages
    libgumbo-dev         # research-web: an HTML5 parser (browsers' parsing rules) for company websites
    libsystemd-dev       # sd_notify: Type=notify, reload and watchdog notifications to systemd
    libargon2-dev        # Argon2id: the dashboard's operator passwords (RFC 9106)
    libpq-dev            # libpq: the PostgreSQL driver (several hosts on one database)
    postgresql           # the PostgreSQL server the storage suite also runs on (initdb, pg_ctl)
    libgtest-dev libgmock-dev
    sqlite3 curl         # operators' tools; the README's curl line
    tzdata               # the IANA zone names contact.timezone is checked against
    libhowardhinnant-date-dev  # date/tz: sending windows in IANA zones (libstdc++ 12 has no tzdb)
    python3-aiosmtpd     # the SMTP server the mailer's tests send to
    dovecot-pop3d        # the POP3 server the mailbox tests read replies and bounces from
    openssl              # test certificates for STARTTLS and implicit TLS
    python3              # scripts/check-layering.py
    valgrind             # callgrind: the budget test counts the hot paths' instructions
    ccache               # compiler cache: rebuilds of an unchanged tree skip the compiler
    chromium             # the browser test renders lead-magnet pages in headless Chromium
    chromium-driver python3-selenium  # the dashboard's browser test drives Chromium
    fonts-droid-fallback # CJK glyphs, so the browser test's screenshots of CJK names are legible
    dpkg-dev             # the package test: dpkg-shlibdeps finds the .deb's dependencies
    binutils file        # the package test: strip, readelf
    systemd              # the unit test: systemd-analyze verify and security
)

packages+=("$@")

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends "${missing[@]}"
