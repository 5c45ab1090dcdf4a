// Package schemas embeds the product's module schema tree — one
// `<module>.yaml` per business module in a folder per area, plus
// `_dicts.yaml` (code tables) and `_menus.yaml` (menu groups) — so the
// binary serves the standard modules with no files beside it. Setting
// XZ_SCHEMAS_DIR (or --schemas) replaces this tree with a directory on disk.
package schemas

import (
	"embed"
	"io/fs"
)

// tree is every YAML file of this folder and of its area folders (one level
// deep, as the layout prescribes). Glob patterns match underscore files
// such as `_dicts.yaml` too, and, unlike a directory pattern, an area folder
// that is still empty does not break the build.
//
//go:embed *.yaml */*.yaml
var tree embed.FS

// FS is the embedded schema tree, rooted at this folder ("." is its root).
func FS() fs.FS { return tree }
