#!/usr/bin/env bash
# Formats every Swift file in place with the repository's .swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format -i -p -r Sources Tests Fuzz Package.swift
