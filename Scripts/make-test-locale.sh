#!/usr/bin/env bash
# Makes sure the comma-decimal locale that NumberLocaleTests switches to (de_DE.UTF-8) exists,
# building it with localedef when `locale -a` lacks it. Where localedef or its locale sources
# are missing, Debian's `locales` package is installed first (apt-get update, then install).
# macOS ships the locale; there the script only checks for it.
set -euo pipefail

name=de_DE.UTF-8

present() {
    # locale -a spells it de_DE.utf8 on glibc and de_DE.UTF-8 on macOS.
    locale -a 2>/dev/null | grep -qiE '^de_DE\.utf-?8$'
}

if present; then
    echo "make-test-locale: $name is present"
    exit 0
fi

as_root=()
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then
        as_root=(sudo)
    else
        echo "make-test-locale: error: $name is missing and creating it needs root (no sudo)" >&2
        exit 1
    fi
fi

if ! command -v localedef >/dev/null || [ ! -e /usr/share/i18n/locales/de_DE ] \
    || ! ls /usr/share/i18n/charmaps/UTF-8* >/dev/null 2>&1; then
    if ! command -v apt-get >/dev/null; then
        echo "make-test-locale: error: localedef or its sources are missing and apt-get is not available;" \
             "install your system's locale data and create $name" >&2
        exit 1
    fi
    echo "make-test-locale: installing the locales package"
    "${as_root[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y --no-install-recommends locales
fi

echo "make-test-locale: creating $name with localedef"
# localedef exits with 1 on mere warnings (-c writes the locale anyway): judge by the result.
"${as_root[@]}" localedef -c -i de_DE -f UTF-8 "$name" || true

if ! present; then
    echo "make-test-locale: error: localedef did not produce $name" >&2
    exit 1
fi
echo "make-test-locale: $name is ready"
