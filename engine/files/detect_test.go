package files_test

import (
	"bytes"
	"errors"
	"testing"

	"xiangzhi/engine/files"
	"xiangzhi/engine/files/filestest"
)

func detect(b []byte) (files.Type, error) { return files.Detect(bytes.NewReader(b), int64(len(b))) }

func TestDetectRecognisesEveryType(t *testing.T) {
	for _, ext := range []string{"png", "gif", "jpg", "bmp", "mp4", "mp3", "txt", "pdf", "doc", "xls", "ppt",
		"docx", "xlsx", "pptx", "webm", "ogg"} {
		t.Run(ext, func(t *testing.T) {
			got, err := detect(filestest.Sample(ext))
			if err != nil {
				t.Fatalf("Detect(%s) error: %v", ext, err)
			}
			if got.Ext != ext {
				t.Errorf("Detect(%s) = %s, want %s", ext, got.Ext, ext)
			}
		})
	}
	t.Run("mp3 frame without ID3", func(t *testing.T) {
		if got, err := detect(filestest.MP3Frame()); err != nil || got.Ext != "mp3" {
			t.Errorf("Detect = %v, %v; want mp3", got.Ext, err)
		}
	})
}

func TestDetectRefuses(t *testing.T) {
	jpegWithZip := append(filestest.JPEG(), filestest.Zip(map[string]string{"shell.php": "<?php ?>"})...)
	tests := []struct {
		name    string
		content []byte
		want    error
	}{
		{"empty", nil, files.ErrEmpty},
		{"elf", filestest.ELF(), files.ErrExecutable},
		{"pe", filestest.PE(), files.ErrExecutable},
		{"script", filestest.Script(), files.ErrExecutable},
		{"png with script", append(filestest.PNG(), "<script>alert(1)</script>"...), files.ErrPolyglot},
		{"gif with php", append(filestest.GIF(), "<?PHP system($_GET['c']); ?>"...), files.ErrPolyglot},
		{"jpeg with zip appended", jpegWithZip, files.ErrPolyglot},
		{"mp4 with html", append(filestest.MP4(), "<html><body>x</body></html>"...), files.ErrPolyglot},
		{"pdf with zip appended", append(filestest.Sample("pdf"), filestest.Zip(map[string]string{"a": "b"})...), files.ErrPolyglot},
		{"html as text", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), files.ErrPolyglot},
		{"plain zip", filestest.Zip(map[string]string{"a.txt": "x"}), files.ErrUnknownType},
		{"zip with content types but no main part", filestest.Zip(map[string]string{"[Content_Types].xml": "<Types/>", "word/document.xml": "<x/>"}), files.ErrUnknownType},
		{"macro-enabled docm", filestest.Zip(map[string]string{
			"[Content_Types].xml": `<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>`,
			"word/document.xml":   "<x/>", "word/vbaProject.bin": "x"}), files.ErrUnknownType},
		{"utf-16 text", []byte("\xff\xfeh\x00i\x00"), files.ErrUnknownType},
		{"java class", []byte("\xca\xfe\xba\xbe\x00\x00\x00\x34"), files.ErrExecutable},
		{"ole2 without office stream", filestest.CFB("Other"), files.ErrUnknownType},
		{"text with NUL", []byte("abc\x00def"), files.ErrUnknownType},
		{"invalid utf-8", []byte("abc\xff\xfedef"), files.ErrUnknownType},
		{"mp4 of unknown brand", append([]byte("\x00\x00\x00\x14ftypqt  "), make([]byte, 12)...), files.ErrUnknownType},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), files.ErrPolyglot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := detect(tt.content)
			if !errors.Is(err, tt.want) {
				t.Errorf("Detect = %v, %v; want error %v", got.Ext, err, tt.want)
			}
		})
	}
}

func TestDetectLongText(t *testing.T) {
	// Multi-byte runes across the 64 KiB read boundary stay valid.
	text := bytes.Repeat([]byte("乡治ab"), 40000)
	if got, err := detect(text); err != nil || got.Ext != "txt" {
		t.Fatalf("Detect = %v, %v; want txt", got.Ext, err)
	}
	bad := append(bytes.Clone(text), 0)
	if _, err := detect(bad); !errors.Is(err, files.ErrUnknownType) {
		t.Fatalf("Detect with trailing NUL = %v, want ErrUnknownType", err)
	}
	marker := append(filestest.Pad(filestest.PNG(), 200000, 0x55), "<ScRiPt"...)
	if _, err := detect(marker); !errors.Is(err, files.ErrPolyglot) {
		t.Fatalf("Detect with a marker far inside = %v, want ErrPolyglot", err)
	}
}
