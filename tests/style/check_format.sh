#!/usr/bin/env bash
# Lists every source file clang-format would change, with the first lines of the change, and
# fails when there is one. Usage: check_format.sh SOURCE_DIR CLANG_FORMAT
# Files go to clang-format in batches, two at a time (one process per file cost two minutes of
# CI); only a batch that fails is looked at file by file, to name the files and show the change.
set -uo pipefail
root=$1
format=$2
if [ ! -x "$format" ]; then
  echo "clang-format-19 not found (packaging/install-deps.sh installs it)" >&2
  exit 1
fi
cd "$root" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t listed < <(git ls-files '*.cpp' '*.h' '*.hpp' '*.c' '*.hip')
else  # a source tarball: the same folders, without the build trees
  mapfile -t listed < <(find . -path ./build\* -prune -o -path ./prefix\* -prune -o \
    \( -name '*.cpp' -o -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.hip' \) -print)
fi
files=()
for file in "${listed[@]}"; do
  [ -f "$file" ] && files+=("$file")  # a file deleted in the work tree is not yet out of the index
done

# Each failing batch prints its files, NUL-separated, for the file-by-file pass.
check_batch() {
  "$format" --dry-run --Werror "$@" >/dev/null 2>&1 || printf '%s\0' "$@"
}
export -f check_batch
export format
mapfile -d '' -t suspects < <(printf '%s\0' "${files[@]}" |
  xargs -0 -n 100 -P 2 bash -c 'check_batch "$@"' check_batch)

unformatted=0
for file in "${suspects[@]}"; do
  if ! "$format" --dry-run --Werror "$file" >/dev/null 2>&1; then
    echo "not formatted: $file"
    "$format" "$file" | diff -u "$file" - | sed -n '3,12p'
    unformatted=$((unformatted + 1))
  fi
done
echo "${#files[@]} files checked, $unformatted not formatted by $(basename "$format")"
[ "$unformatted" -eq 0 ]
