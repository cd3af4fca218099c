#!/usr/bin/env bash
# Install Tableside on a Raspberry Pi (Raspberry Pi OS Bookworm, 64-bit) as a systemd service.
# Run from a clone of the repository:  sudo deploy/install.sh
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "run as root: sudo $0" >&2; exit 1; }
src=$(cd "$(dirname "$0")/.." && pwd)

echo "== Debian packages (camera, GPIO, numpy/OpenCV built for the Pi)"
apt-get update -qq
apt-get install -y -qq python3-venv python3-picamera2 python3-lgpio python3-numpy \
  gnome-cards-data librsvg2-bin rsync

echo "== user and folders"
id tableside >/dev/null 2>&1 || useradd --system --create-home --home-dir /var/lib/tableside \
  --groups video,gpio tableside
install -d -o tableside -g tableside /var/lib/tableside
install -d /etc/tableside
[ -f /etc/tableside/tableside.toml ] || install -m 0644 "$src/deploy/tableside.example.toml" \
  /etc/tableside/tableside.toml

echo "== the program, in /opt/tableside/.venv (sees apt's picamera2)"
rsync -a --delete --exclude .venv --exclude .git "$src/" /opt/tableside/
python3 -m venv --system-site-packages /opt/tableside/.venv
/opt/tableside/.venv/bin/pip install --quiet --upgrade pip
/opt/tableside/.venv/bin/pip install --quiet -c /opt/tableside/deploy/pi-constraints.txt \
  "/opt/tableside[pi]"

echo "== service"
install -m 0644 "$src/deploy/tableside.service" /etc/systemd/system/tableside.service
systemctl daemon-reload
systemctl enable --now tableside
sleep 3
journalctl -u tableside -n 30 --no-pager | grep -E "Open|PIN|also" || true
echo "Done. Open the address above on a phone (the PIN is in: journalctl -u tableside | grep PIN)."
