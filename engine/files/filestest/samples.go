// Package filestest makes tiny, valid files of every type the upload rules
// know (and a few they must refuse) for tests, so no binary fixtures are
// needed.
package filestest

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"encoding/binary"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"unicode/utf16"
)

// sampleText is a UTF-8 text file with Chinese in it.
//
//go:embed testdata/sample.txt
var sampleText []byte

// Sample is the content of a file of the type named by ext (png, gif, jpg,
// jpeg, bmp, mp4, mp3, txt, pdf, doc, xls, ppt, docx, xlsx, pptx, webm,
// ogg); nil for an unknown ext.
func Sample(ext string) []byte {
	switch ext {
	case "png":
		return PNG()
	case "gif":
		return GIF()
	case "jpg", "jpeg":
		return JPEG()
	case "bmp":
		return BMP()
	case "mp4":
		return MP4()
	case "mp3":
		return MP3()
	case "txt":
		return bytes.Clone(sampleText)
	case "pdf":
		return []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")
	case "doc":
		return CFB("WordDocument")
	case "xls":
		return CFB("Workbook")
	case "ppt":
		return CFB("PowerPoint Document")
	case "docx", "xlsx", "pptx":
		return OOXML(ext)
	case "webm":
		return WebM()
	case "ogg":
		return append([]byte("OggS\x00\x02"), make([]byte, 40)...)
	}
	return nil
}

func img() image.Image {
	m := image.NewRGBA(image.Rect(0, 0, 2, 2))
	m.Set(0, 0, color.RGBA{R: 200, A: 255})
	return m
}

// PNG is a 2×2 PNG image.
func PNG() []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, img())
	return b.Bytes()
}

// GIF is a 2×2 GIF image.
func GIF() []byte {
	var b bytes.Buffer
	_ = gif.Encode(&b, img(), nil)
	return b.Bytes()
}

// JPEG is a 2×2 JPEG image.
func JPEG() []byte {
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img(), nil)
	return b.Bytes()
}

// BMP is a 1×1 24-bit BMP image.
func BMP() []byte {
	b := make([]byte, 58)
	copy(b, "BM")
	binary.LittleEndian.PutUint32(b[2:], 58)  // file size
	binary.LittleEndian.PutUint32(b[10:], 54) // pixel offset
	binary.LittleEndian.PutUint32(b[14:], 40) // BITMAPINFOHEADER
	binary.LittleEndian.PutUint32(b[18:], 1)  // width
	binary.LittleEndian.PutUint32(b[22:], 1)  // height
	binary.LittleEndian.PutUint16(b[26:], 1)  // planes
	binary.LittleEndian.PutUint16(b[28:], 24) // bits per pixel
	binary.LittleEndian.PutUint32(b[34:], 4)  // image size
	b[54], b[55], b[56] = 0x20, 0x40, 0xc0    // one blue-green-red pixel
	return b
}

// MP4 is an ftyp box (isom) followed by an empty mdat box.
func MP4() []byte {
	var b bytes.Buffer
	box := func(typ string, body []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(8+len(body)))
		b.WriteString(typ)
		b.Write(body)
	}
	box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2avc1mp41"))
	box("mdat", make([]byte, 16))
	return b.Bytes()
}

// MP3 is an empty ID3v2.3 tag followed by one MPEG-1 layer III frame
// (128 kbit/s, 44.1 kHz) of silence.
func MP3() []byte {
	b := []byte("ID3\x03\x00\x00\x00\x00\x00\x00")
	return append(b, MP3Frame()...)
}

// MP3Frame is one MPEG-1 layer III frame without an ID3 tag.
func MP3Frame() []byte {
	frame := make([]byte, 417)
	copy(frame, []byte{0xff, 0xfb, 0x90, 0x64})
	return frame
}

// WebM is an EBML header with doctype webm.
func WebM() []byte {
	return []byte{0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01,
		0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 'w', 'e', 'b', 'm',
		0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02}
}

// ooxmlParts are, per extension, the main part and its content type.
var ooxmlParts = map[string][2]string{
	"docx": {"word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"},
	"xlsx": {"xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"},
	"pptx": {"ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"},
}

// OOXML is a minimal docx, xlsx or pptx package: [Content_Types].xml
// declaring the main part, and the main part.
func OOXML(ext string) []byte {
	p := ooxmlParts[ext]
	return Zip(map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Override PartName="/` + p[0] + `" ContentType="` + p[1] + `"/></Types>`,
		p[0]: `<?xml version="1.0" encoding="UTF-8"?><root/>`,
	})
}

// Zip is a zip archive of the named files.
func Zip(entries map[string]string) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range entries {
		w, _ := zw.Create(name)
		_, _ = w.Write([]byte(body))
	}
	_ = zw.Close()
	return b.Bytes()
}

// CFB is a minimal OLE2 compound file (version 3, 512-byte sectors) whose
// root storage holds one empty stream called stream.
func CFB(stream string) []byte {
	const (
		freeSect   = 0xffffffff
		endOfChain = 0xfffffffe
		fatSect    = 0xfffffffd
		noStream   = 0xffffffff
	)
	out := make([]byte, 512*3)
	h := out[:512]
	copy(h, []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1})
	le := binary.LittleEndian
	le.PutUint16(h[24:], 0x3e)       // minor version
	le.PutUint16(h[26:], 3)          // major version
	le.PutUint16(h[28:], 0xfffe)     // byte order
	le.PutUint16(h[30:], 9)          // sector shift: 512
	le.PutUint16(h[32:], 6)          // mini sector shift: 64
	le.PutUint32(h[44:], 1)          // FAT sectors
	le.PutUint32(h[48:], 1)          // first directory sector
	le.PutUint32(h[56:], 4096)       // mini stream cutoff
	le.PutUint32(h[60:], endOfChain) // first mini FAT sector
	le.PutUint32(h[68:], endOfChain) // first DIFAT sector
	le.PutUint32(h[76:], 0)          // DIFAT[0]: the FAT is sector 0
	for i := 80; i < 512; i += 4 {
		le.PutUint32(h[i:], freeSect)
	}
	fat := out[512:1024]
	for i := 0; i < 512; i += 4 {
		le.PutUint32(fat[i:], freeSect)
	}
	le.PutUint32(fat[0:], fatSect)
	le.PutUint32(fat[4:], endOfChain)
	dir := out[1024:]
	entry := func(i int, name string, typ byte, child uint32) {
		e := dir[i*128 : (i+1)*128]
		u := utf16.Encode([]rune(name))
		for j, c := range u {
			le.PutUint16(e[j*2:], c)
		}
		le.PutUint16(e[64:], uint16((len(u)+1)*2))
		e[66], e[67] = typ, 1
		le.PutUint32(e[68:], noStream)
		le.PutUint32(e[72:], noStream)
		le.PutUint32(e[76:], child)
		le.PutUint32(e[116:], endOfChain)
	}
	entry(0, "Root Entry", 5, 1)
	entry(1, stream, 2, noStream)
	for i := 2; i < 4; i++ {
		e := dir[i*128 : (i+1)*128]
		le.PutUint32(e[68:], noStream)
		le.PutUint32(e[72:], noStream)
		le.PutUint32(e[76:], noStream)
	}
	return out
}

// PDF is a one-object PDF document.
func PDF() []byte { return Sample("pdf") }

// ELF is the start of a Linux program.
func ELF() []byte { return append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 56)...) }

// PE is the start of a Windows program.
func PE() []byte { return append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 56)...) }

// Script is a shell script.
func Script() []byte { return []byte("#!/bin/sh\nrm -rf /\n") }

// Pad is content followed by fill bytes up to size bytes in all (to reach
// a size limit without changing what the content is).
func Pad(content []byte, size int, fill byte) []byte {
	out := bytes.Clone(content)
	for len(out) < size {
		out = append(out, fill)
	}
	return out
}
