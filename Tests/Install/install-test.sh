#!/usr/bin/env bash
# scripts/install as a user runs it, into a temporary prefix: the installed
# binary runs a forecast (against a loopback server holding a recorded
# Open-Meteo answer), it is stripped with its debug information apart, man
# renders the page, each shell loads its completion and completes an option,
# and --uninstall removes every file. scripts/test runs it after the Swift
# tests; it ends with "N passed, N failed" and exits 1 on a failure.
set -uo pipefail
cd "$(dirname "$0")/../.."

scratch="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; fi
  rm -rf "$scratch"
}
trap cleanup EXIT
prefix="$scratch/prefix"
passed=0
failed=0
# grep reading all its input: with pipefail, `… | grep -q` fails whenever
# grep exits at its match before the writer has finished (SIGPIPE, 141).
has() { grep "$@" >/dev/null; }
check() {
  local name="$1"; shift
  if "$@" >"$scratch/out" 2>&1; then
    passed=$((passed + 1)); echo "✔ $name"
  else
    failed=$((failed + 1)); echo "✘ $name"; sed 's/^/    /' "$scratch/out" | head -20
  fi
}

if ! scripts/install "$prefix" >"$scratch/install.log" 2>&1; then
  cat "$scratch/install.log"
  echo "0 passed, 1 failed"
  exit 1
fi

# A loopback Open-Meteo: the recorded Zagreb answer at /v1/forecast.
mkdir -p "$scratch/www/v1"
cp Tests/Fixtures/open-meteo/forecast_current_hourly_daily_zagreb.json "$scratch/www/v1/forecast"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$scratch/www" >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 0.2)" 2>/dev/null && break; sleep 0.1; done

run_forecast() {
  env -i PATH=/usr/bin:/bin HOME="$scratch/home" LANG=C.UTF-8 FORECASTLY_POLICY_FILE="$scratch/none" \
    FORECASTLY_OPEN_METEO_URL="http://127.0.0.1:$port" FORECASTLY_MET_NORWAY_URL=http://127.0.0.1:9 \
    "$prefix/bin/forecastly" --lat 45.59 --lon 17.23 --format '%t' | grep -E '^-?[0-9]+°C$'
}
check "the installed binary runs a forecast" run_forecast
check "it says its name and version" bash -c "'$prefix/bin/forecastly' --version | grep -E '^forecastly [0-9]+\.[0-9]+\.[0-9]+$'"
check "it is stripped: no debug information inside" bash -c "! readelf -S '$prefix/bin/forecastly' | grep -q '\.debug_info'"
check "its debug information is apart, and the binary points at it" bash -c \
  "readelf -S '$prefix/lib/debug/forecastly.debug' | grep -q '\.debug_info' && readelf --string-dump=.gnu_debuglink '$prefix/bin/forecastly' | grep -q forecastly.debug"
check "man renders the page without a warning, and it says what --help says" \
  python3 Tests/Install/manual-matches-help.py "$prefix/share/man/man1/forecastly.1" "$prefix/bin/forecastly"
check "bash reads its completion" bash -n "$prefix/share/bash-completion/completions/forecastly"
complete_bash() {
  PATH="$prefix/bin:$PATH" bash -c "source '$prefix/share/bash-completion/completions/forecastly'
    COMP_WORDS=(forecastly forecast --uni); COMP_CWORD=2; COMP_LINE='forecastly forecast --uni'; COMP_POINT=\${#COMP_LINE}
    _forecastly forecastly --uni forecast; printf '%s\n' \"\${COMPREPLY[@]}\"" | has -x -- '--units'
}
check "bash completes an option" complete_bash
# What bash offers for a command line, as its completion function computes it.
bash_offers() {
  PATH="$prefix/bin:$PATH" HOME="$scratch/home" bash -c '
    source "$1"; line="$2"
    read -ra COMP_WORDS <<<"$line"; [[ "$line" == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE="$line"; COMP_POINT=${#COMP_LINE}
    _forecastly forecastly "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"; printf "%s\n" "${COMPREPLY[@]}"' _ \
    "$prefix/share/bash-completion/completions/forecastly" "$1"
}
root_places() { bash_offers 'forecastly Ky' | has -x 'Kyiv, UA' && bash_offers 'forecastly comp' | has -x compare; }
check "bash completes a place at the root, beside the subcommands" root_places
written_names() { bash_offers 'forecastly --city lo' | has -x 'London, GB' && ! bash_offers 'forecastly --city lo' | has '^lo'; }
check "bash offers places as their names are written (lo: London, GB)" written_names
typed_names() { [ "$(bash_offers 'forecastly --city Mün' | sort | tr '\n' '|')" = "München, DE|Münster, DE|" ]; }
check "bash offers a place by the name typed (Mün: München, Münster)" typed_names
mkdir -p "$scratch/files" && touch "$scratch/files/oslo.svg" "$scratch/files/route.gpx"
option_files() {
  (cd "$scratch/files" && bash_offers 'forecastly chart --svg ' | has -x oslo.svg && bash_offers 'forecastly simulate --track ' | has -x route.gpx)
}
check "bash completes the files chart --svg and simulate --track take" option_files
root_lines() {
  grep -qF 'positional@0 "${current_word_index}"' "$prefix/share/zsh/site-functions/_forecastly" &&
    grep -qF "compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}'" "$prefix/share/zsh/site-functions/_forecastly" &&
    grep -qF "for_positional \"forecastly\" -eq 1' -fka '(__forecastly_custom_completion ---completion forecast" \
      "$prefix/share/fish/vendor_completions.d/forecastly.fish"
}
check "zsh and fish offer places at the root too, zsh without case" root_lines
check "zsh reads its completion" zsh -n "$prefix/share/zsh/site-functions/_forecastly"
check "fish reads its completion" fish -n "$prefix/share/fish/vendor_completions.d/forecastly.fish"
complete_fish() {
  PATH="$prefix/bin:$PATH" fish -c "source '$prefix/share/fish/vendor_completions.d/forecastly.fish'; complete -C 'forecastly --uni'" | has -- '--units'
}
check "fish completes a forecast option at the root" complete_fish
fish_described() {
  SAP_SHELL=fish HOME="$scratch/home" "$prefix/bin/forecastly" ---completion -- --city 2 3 forecastly --city Kyi | has -x $'Kyiv, UA\tUkraine'
}
check "fish shows each place's country beside it, not the option's help" fish_described
check "the installer says what to add where a shell will not look" \
  grep -qF "zsh: add to ~/.zshrc, before compinit: fpath=($prefix/share/zsh/site-functions" "$scratch/install.log"
uninstall() {
  scripts/install --uninstall "$prefix" && [ -z "$(find "$prefix" -type f)" ]
}
check "--uninstall removes every file it installed" uninstall

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
