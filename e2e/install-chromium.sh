#!/bin/sh
# Debian's Chromium is what the browser tests and the bundle benchmark drive (playwright-core never downloads browsers).
set -eu
if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
fi
/usr/bin/chromium --version
