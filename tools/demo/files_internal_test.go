package demo

import (
	"bytes"
	"testing"

	"xiangzhi/engine/files"
)

// TestDemoFilesPassDetection: every demo file is recognised by content as
// the type its name says, as an upload would be, and stays small.
func TestDemoFilesPassDetection(t *testing.T) {
	check := func(name string, data []byte, want string) {
		t.Helper()
		got, err := files.Detect(bytes.NewReader(data), int64(len(data)))
		if err != nil || !got.HasExt(want) {
			t.Errorf("%s: detected %q, %v; want %s", name, got.Ext, err, want)
		}
		if len(data) > 16<<10 {
			t.Errorf("%s: %d bytes, want a small file", name, len(data))
		}
	}
	for i := range pictureNames {
		data, ext, err := picture(i)
		if err != nil {
			t.Fatal(err)
		}
		check(pictureNames[i], data, ext)
	}
	check("pdf", demoPDF(), "pdf")
	check("mp3", silentMP3(12), "mp3")
}
