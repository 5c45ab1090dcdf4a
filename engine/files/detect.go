package files

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/richardlehane/mscfb"
)

// Reasons Detect refuses content. Each one is a refusal of the upload, not
// a server failure.
var (
	// ErrEmpty means the file has no bytes.
	ErrEmpty = errors.New("empty file")
	// ErrUnknownType means the content is none of the recognised types.
	ErrUnknownType = errors.New("unrecognised file content")
	// ErrExecutable means the content is a program or a script.
	ErrExecutable = errors.New("executable content")
	// ErrPolyglot means the content is a recognised type that also carries
	// markup, script or an archive that a browser or a server might act on.
	ErrPolyglot = errors.New("content carries markup, script or an archive")
)

// headLen is how much of the start Detect looks at for magic numbers.
const headLen = 4096

// Detect recognises the type of the size bytes of r by content: magic
// numbers, the entries of an OOXML zip, the streams of an OLE2 compound
// file, MP3 frame headers, UTF-8 text. A program (ELF, PE, Mach-O, a
// script), a polyglot (an image or a media file that also holds markup or
// an appended zip) and anything unrecognised are refused.
func Detect(r io.ReaderAt, size int64) (Type, error) {
	if size <= 0 {
		return Type{}, ErrEmpty
	}
	head := make([]byte, min(size, headLen))
	if _, err := r.ReadAt(head, 0); err != nil && !errors.Is(err, io.EOF) {
		return Type{}, fmt.Errorf("read head: %w", err)
	}
	if isExecutable(head) {
		return Type{}, ErrExecutable
	}
	t, err := sniff(r, size, head)
	if err != nil {
		return Type{}, err
	}
	if err := checkPolyglot(r, size, t); err != nil {
		return Type{}, err
	}
	return t, nil
}

// executableMagic are the starts of programs and scripts.
var executableMagic = [][]byte{
	[]byte("\x7fELF"), []byte("MZ"), []byte("#!"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe}, []byte("dex\n"), []byte("\x00asm"),
}

func isExecutable(head []byte) bool {
	for _, m := range executableMagic {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return false
}

// sniff finds the type from the magic numbers, looking deeper where a
// magic number is shared (zip, OLE2).
func sniff(r io.ReaderAt, size int64, head []byte) (Type, error) {
	switch {
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")) && len(head) >= 16 && string(head[12:16]) == "IHDR":
		return TypePNG, nil
	case bytes.HasPrefix(head, []byte("GIF87a")) || bytes.HasPrefix(head, []byte("GIF89a")):
		return TypeGIF, nil
	case bytes.HasPrefix(head, []byte{0xff, 0xd8, 0xff}):
		return TypeJPEG, nil
	case isBMP(head, size):
		return TypeBMP, nil
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return TypePDF, nil
	case bytes.HasPrefix(head, []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}):
		return oleType(r, size)
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return ooxmlType(r, size)
	case isMP4(head):
		return TypeMP4, nil
	case bytes.HasPrefix(head, []byte{0x1a, 0x45, 0xdf, 0xa3}) && bytes.Contains(head, []byte("webm")):
		return TypeWebM, nil
	case bytes.HasPrefix(head, []byte("OggS\x00")):
		return TypeOgg, nil
	case isID3(head) || isMPEGAudioFrame(head):
		return TypeMP3, nil
	}
	return textType(r, size, head)
}

// isBMP checks the BITMAPFILEHEADER: "BM", a pixel offset inside the file
// and a known DIB header size.
func isBMP(head []byte, size int64) bool {
	if len(head) < 26 || !bytes.HasPrefix(head, []byte("BM")) {
		return false
	}
	offset := int64(binary.LittleEndian.Uint32(head[10:14]))
	switch binary.LittleEndian.Uint32(head[14:18]) {
	case 12, 40, 52, 56, 64, 108, 124:
		return offset >= 26 && offset <= size
	}
	return false
}

// mp4Brands are the ISO base media major brands of MP4 video.
var mp4Brands = map[string]bool{
	"isom": true, "iso2": true, "iso3": true, "iso4": true, "iso5": true, "iso6": true,
	"mp41": true, "mp42": true, "avc1": true, "dash": true, "M4V ": true, "mmp4": true, "MSNV": true,
}

func isMP4(head []byte) bool {
	return len(head) >= 12 && string(head[4:8]) == "ftyp" && mp4Brands[string(head[8:12])]
}

// isID3 checks an ID3v2 tag header: version, flags and a synchsafe size.
func isID3(h []byte) bool {
	if len(h) < 10 || !bytes.HasPrefix(h, []byte("ID3")) || h[3] == 0xff || h[4] == 0xff {
		return false
	}
	return h[6] < 0x80 && h[7] < 0x80 && h[8] < 0x80 && h[9] < 0x80
}

// isMPEGAudioFrame checks an MPEG audio layer III frame header at the start.
func isMPEGAudioFrame(h []byte) bool {
	if len(h) < 4 || h[0] != 0xff || h[1]&0xe0 != 0xe0 {
		return false
	}
	version, layer := (h[1]>>3)&3, (h[1]>>1)&3
	bitrate, rate := h[2]>>4, (h[2]>>2)&3
	return version != 1 && layer == 1 && bitrate != 0 && bitrate != 15 && rate != 3
}

// oleType names an OLE2 compound file by its main stream.
func oleType(r io.ReaderAt, size int64) (Type, error) {
	doc, err := mscfb.New(io.NewSectionReader(r, 0, size))
	if err != nil {
		return Type{}, fmt.Errorf("%w: ole2: %v", ErrUnknownType, err)
	}
	for _, f := range doc.File {
		switch f.Name {
		case "WordDocument":
			return TypeDOC, nil
		case "Workbook", "Book":
			return TypeXLS, nil
		case "PowerPoint Document":
			return TypePPT, nil
		}
	}
	return Type{}, fmt.Errorf("%w: ole2 without a word, excel or powerpoint stream", ErrUnknownType)
}

// ooxmlMain is, per OOXML type, the main part and its content type.
var ooxmlMain = []struct {
	t           Type
	part, ctype string
}{
	{TypeDOCX, "word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"},
	{TypeXLSX, "xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"},
	{TypePPTX, "ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"},
}

// maxContentTypesLen bounds how much of [Content_Types].xml is read.
const maxContentTypesLen = 1 << 20

// ooxmlType names an OOXML package: a zip whose [Content_Types].xml
// declares the main part of a document, workbook or presentation, and
// which holds that part. Any other zip is refused.
func ooxmlType(r io.ReaderAt, size int64) (Type, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return Type{}, fmt.Errorf("%w: zip: %v", ErrUnknownType, err)
	}
	names := map[string]*zip.File{}
	for _, f := range zr.File {
		names[f.Name] = f
	}
	ct, ok := names["[Content_Types].xml"]
	if !ok {
		return Type{}, fmt.Errorf("%w: zip without [Content_Types].xml", ErrUnknownType)
	}
	rc, err := ct.Open()
	if err != nil {
		return Type{}, fmt.Errorf("%w: open [Content_Types].xml: %v", ErrUnknownType, err)
	}
	defer rc.Close()
	decl, err := io.ReadAll(io.LimitReader(rc, maxContentTypesLen))
	if err != nil {
		return Type{}, fmt.Errorf("%w: read [Content_Types].xml: %v", ErrUnknownType, err)
	}
	for _, m := range ooxmlMain {
		if names[m.part] != nil && bytes.Contains(decl, []byte(m.ctype)) {
			return m.t, nil
		}
	}
	return Type{}, fmt.Errorf("%w: zip is not a docx, xlsx or pptx", ErrUnknownType)
}

// textType accepts UTF-8 text without NUL bytes that is not markup (HTML,
// XML or SVG would be rendered, not read, by a browser that ignored our
// Content-Type): text that starts with '<' is refused.
func textType(r io.ReaderAt, size int64, head []byte) (Type, error) {
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n\f")
	switch ct := http.DetectContentType(head); {
	case strings.HasPrefix(ct, "text/html"), strings.HasPrefix(ct, "text/xml"), bytes.HasPrefix(trimmed, []byte("<")):
		return Type{}, ErrPolyglot
	case !strings.HasPrefix(ct, "text/plain"):
		return Type{}, ErrUnknownType
	}
	if !isUTF8Text(io.NewSectionReader(r, 0, size)) {
		return Type{}, ErrUnknownType
	}
	return TypeTXT, nil
}

// isUTF8Text reads all of r and reports whether it is valid UTF-8 without
// NUL bytes.
func isUTF8Text(r io.Reader) bool {
	buf := make([]byte, 64<<10)
	var carry []byte
	for {
		n, err := r.Read(buf[len(carry):])
		chunk := buf[:len(carry)+n]
		if bytes.IndexByte(chunk, 0) >= 0 {
			return false
		}
		if err != nil {
			return errors.Is(err, io.EOF) && utf8.Valid(chunk)
		}
		// Keep an incomplete rune at the end for the next chunk.
		cut := len(chunk)
		for i := len(chunk) - 1; i >= 0 && i >= len(chunk)-utf8.UTFMax; i-- {
			if utf8.RuneStart(chunk[i]) {
				if !utf8.FullRune(chunk[i:]) {
					cut = i
				}
				break
			}
		}
		if !utf8.Valid(chunk[:cut]) {
			return false
		}
		carry = append(carry[:0], chunk[cut:]...)
		copy(buf, carry)
	}
}
