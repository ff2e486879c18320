# Sourced by the browser checks once $work is set: the browser (exit 77, skipped, when chromium is
# not installed), a fresh $work, and `load PAGE NAME`.
browser=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$browser" ]; then
  echo "skipped: $browser not found (apt-get install --no-install-recommends chromium)"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work/tmp"
# Chromium's temporary files (with --disable-dev-shm-usage, its shared memory too) go to TMPDIR:
# keep them in the work folder, never in /tmp.
export TMPDIR="$work/tmp"

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --disable-dev-shm-usage)

# load PAGE NAME: $work/PAGE rendered into $work/NAME.dom, its console into NAME.console.log and a
# screenshot into NAME.png (the screenshot's own log: NAME.screenshot.log).
load() {
  local page=$1 name=$2
  "$browser" "${flags[@]}" --user-data-dir="$work/profile-$name-dom" --enable-logging=stderr --v=0 \
    --dump-dom "file://$work/$page" > "$work/$name.dom" 2> "$work/$name.console.log" || true
  "$browser" "${flags[@]}" --user-data-dir="$work/profile-$name-shot" --window-size=1000,1400 --hide-scrollbars \
    --screenshot="$work/$name.png" "file://$work/$page" > /dev/null 2>> "$work/$name.screenshot.log" || true
}
