#!/usr/bin/env bash
# Checks that `import LenientJSON` alone never links FoundationXML (libxml2 on Linux): XML input
# is the separate LenientXML library (README, "XML input"). The built `lenient-demo`, which
# imports LenientJSON only, must not need libFoundationXML or libxml2, directly or through
# another library (`ldd`), nor hold FoundationXML's or libxml2's symbols (a static link).
#
# Usage: Scripts/check-no-xml-link.sh [binary]   (default: lenient-demo of the debug build;
#        run `swift build` first). CI runs it after the build.
# Skipped, with the reason, where the check does not apply: on Apple platforms XMLParser is part
# of Foundation itself, and there is no FoundationXML library to keep out.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" != Linux ]; then
    echo "skipped: $(uname -s) has no FoundationXML library (XMLParser is part of Foundation there)"
    exit 0
fi

binary=${1:-$(swift build --show-bin-path)/lenient-demo}
if [ ! -x "$binary" ]; then
    echo "error: $binary is not built (run swift build first)" >&2
    exit 1
fi

pattern='FoundationXML|libxml2'
found=0
if needed=$(readelf -d "$binary" 2>/dev/null); then
    if grep -E "NEEDED.*($pattern)" <<<"$needed"; then found=1; fi
else
    echo "error: readelf could not read $binary" >&2
    exit 1
fi
if libraries=$(ldd "$binary" 2>/dev/null); then
    if grep -E "$pattern" <<<"$libraries"; then found=1; fi
fi
# A statically linked FoundationXML leaves its module's symbols (`13FoundationXML` in mangled
# names) or libxml2's (`xmlCreatePushParserCtxt`) in the binary.
if command -v nm >/dev/null 2>&1; then
    symbols=$(nm "$binary" 2>/dev/null | grep -E '13FoundationXML|xmlCreatePushParserCtxt' | head -3 || true)
    if [ -n "$symbols" ]; then
        echo "$symbols"
        found=1
    fi
fi

if [ "$found" -ne 0 ]; then
    echo "error: $binary (import LenientJSON only) links FoundationXML or libxml2" >&2
    exit 1
fi
echo "ok: $binary links neither FoundationXML nor libxml2"
