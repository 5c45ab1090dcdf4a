// Package ui embeds the built React console (ui/dist, made by
// `go tool task build`) into the binary. The Go side only serves it; the
// console's sources live beside this file.
package ui

import (
	"embed"
	"io/fs"
)

// dist holds the built console; `all:` keeps files whose names start with
// a dot or an underscore (Vite may emit such chunks) and the .keep file
// that lets an unbuilt tree compile.
//
//go:embed all:dist
var dist embed.FS

// Dist is the built console with index.html at its root. Before the
// console is built it holds only the .keep placeholder.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // "dist" is a valid path, so fs.Sub cannot fail
	}
	return sub
}
