# shellcheck shell=bash
# json_field.sh - sourced by the bench scripts: json_field KEY JSON prints the value of "KEY" in a
# one-line JSON object (numbers, strings without their quotes, null) as tilec-run --json writes it.
json_field() { printf '%s' "$2" | sed -n "s/.*\"$1\": \"\{0,1\}\([^,\"}]*\).*/\1/p"; }
