#!/usr/bin/env bash
# Lists every source file clang-format would change, with the first lines of the change, and
# fails when there is one. Usage: check_format.sh SOURCE_DIR CLANG_FORMAT
set -uo pipefail
root=$1
format=$2
if [ ! -x "$format" ]; then
  echo "clang-format-19 not found (packaging/install-deps.sh installs it)" >&2
  exit 1
fi
cd "$root" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.hpp' '*.c' '*.hip')
else  # a source tarball: the same folders, without the build trees
  mapfile -t files < <(find . -path ./build\* -prune -o -path ./prefix\* -prune -o \
    \( -name '*.cpp' -o -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.hip' \) -print)
fi
unformatted=0
for file in "${files[@]}"; do
  [ -f "$file" ] || continue  # deleted in the work tree, not yet in the index
  if ! "$format" --dry-run --Werror "$file" >/dev/null 2>&1; then
    echo "not formatted: $file"
    "$format" "$file" | diff -u "$file" - | sed -n '3,12p'
    unformatted=$((unformatted + 1))
  fi
done
echo "${#files[@]} files checked, $unformatted not formatted by $(basename "$format")"
[ "$unformatted" -eq 0 ]
