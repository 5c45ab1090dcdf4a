package files

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
)

// activeMarkers are byte strings (lower case) that make an image or a
// media file dangerous: markup or script a browser or a PHP server would
// run if it ever treated the file as a page. They are long enough that
// compressed image or media data does not hold them by chance.
var activeMarkers = [][]byte{
	[]byte("<script"), []byte("<?php"), []byte("<html"), []byte("<iframe"), []byte("<svg"),
	[]byte("<body"), []byte("<object"), []byte("<embed"), []byte("<!doctype"), []byte("javascript:"),
	[]byte("<%@"), []byte("<jsp:"),
}

// checkPolyglot refuses an image, audio or video file that carries markup
// or script anywhere, and an image, media or pdf file with a zip appended
// (a zip reader finds its directory at the end of the file). Office
// documents and text are served as downloads with nosniff, and their own
// formats legitimately hold such strings, so they are not scanned.
func checkPolyglot(r io.ReaderAt, size int64, t Type) error {
	switch t.Media {
	case MediaImage, MediaAudio, MediaVideo:
		found, err := containsMarker(io.NewSectionReader(r, 0, size))
		if err != nil {
			return fmt.Errorf("scan content: %w", err)
		}
		if found {
			return ErrPolyglot
		}
	case MediaDocument:
		if t.Ext != TypePDF.Ext {
			return nil
		}
	default:
		return nil
	}
	if _, err := zip.NewReader(r, size); err == nil {
		return ErrPolyglot
	}
	return nil
}

// containsMarker reports whether r holds one of activeMarkers, in any
// letter case.
func containsMarker(r io.Reader) (bool, error) {
	return scan(r, 16, func(window []byte) bool {
		for _, m := range activeMarkers {
			if bytes.Contains(window, m) {
				return true
			}
		}
		return false
	})
}
