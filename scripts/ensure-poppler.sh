#!/usr/bin/env bash
# The IRS-forms tests read the filled PDFs back with poppler's pdftotext (Debian's poppler-utils)
# and check the ZIP download with unzip. Install them when missing, so that `pnpm test` passes on a
# fresh machine.
set -euo pipefail
command -v pdftotext >/dev/null 2>&1 && command -v unzip >/dev/null 2>&1 && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "pdftotext or unzip not found and apt-get is unavailable: install poppler-utils and unzip." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing Debian's poppler-utils and unzip for the IRS-forms tests..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq poppler-utils unzip >/dev/null
