package files

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"xiangzhi/engine/msg"
)

// Kind is one uploader of the specification: the types it takes, its size
// limit per file, how many files one request may carry, and the texts of
// its refusals.
type Kind struct {
	Name     string
	Types    []Type
	MaxBytes int64
	MaxCount int
	// TypeMessage refuses a type the kind does not take.
	TypeMessage string
	// SizeMessage refuses a file over MaxBytes.
	SizeMessage string
	// CountMessage refuses more than MaxCount files.
	CountMessage string
}

// MB is a megabyte as the specification counts it.
const MB = 1 << 20

// Type lists of the uploaders.
var (
	// AllowedTypes are the specification's allowed types: images (png, gif,
	// jpeg, jpg, bmp), mp4, mp3, txt, xls, xlsx, doc, docx, ppt, pptx, pdf.
	AllowedTypes = []Type{TypePNG, TypeGIF, TypeJPEG, TypeBMP, TypeMP4, TypeMP3, TypeTXT,
		TypeXLS, TypeXLSX, TypeDOC, TypeDOCX, TypePPT, TypePPTX, TypePDF}
	// ImageTypes are the image types.
	ImageTypes = []Type{TypePNG, TypeGIF, TypeJPEG, TypeBMP}
)

// DefaultKind is the uploader used when a request names none.
const DefaultKind = "file"

// kinds are the uploaders, by name.
var kinds = buildKinds()

func newKind(name string, types []Type, maxBytes int64, maxCount int, typeText string) Kind {
	return Kind{
		Name: name, Types: types, MaxBytes: maxBytes, MaxCount: maxCount, TypeMessage: typeText,
		SizeMessage:  sizeMessage(sizeMedia(name, types), maxBytes),
		CountMessage: countMessage(allImages(types), maxCount),
	}
}

// sizeMedia decides which size text a kind uses. The 1 MB image uploader
// keeps the specification's default text 请上传1M以内的文件.
func sizeMedia(name string, types []Type) Media {
	if name == "image1m" {
		return MediaDocument
	}
	if len(types) > 0 && !slices.ContainsFunc(types, func(t Type) bool { return t.Media != types[0].Media }) {
		return types[0].Media
	}
	return MediaDocument
}

// buildKinds is the table of the specification's uploaders.
func buildKinds() map[string]Kind {
	m := map[string]Kind{}
	for _, k := range []Kind{
		newKind("file", AllowedTypes, 1*MB, 3, msg.FileBadFormat),
		newKind("attachment", AllowedTypes, 10*MB, 3, msg.FileBadFormat),
		newKind("image", ImageTypes, 5*MB, 9, msg.FileBadFormat),
		newKind("image2m", ImageTypes, 2*MB, 9, msg.FileBadFormat),
		newKind("image1m", ImageTypes, 1*MB, 9, msg.FileBadFormat),
		newKind("video", []Type{TypeMP4}, 50*MB, 1, msg.FileBadFormat),
		newKind("editorVideo", []Type{TypeMP4, TypeWebM, TypeOgg}, 50*MB, 1, msg.FileEditorVideoFormat),
		newKind("audio", []Type{TypeMP3}, 50*MB, 1, msg.FileBadFormat),
		newKind("book", []Type{TypePDF, TypeDOCX, TypeTXT}, 10*MB, 1, msg.FileBadFormat),
	} {
		m[k.Name] = k
	}
	return m
}

// KindByName is the uploader called name (case-insensitive).
func KindByName(name string) (Kind, bool) {
	for n, k := range kinds {
		if strings.EqualFold(n, name) {
			return k, true
		}
	}
	return Kind{}, false
}

// KindNames lists the uploaders' names, sorted.
func KindNames() []string {
	names := make([]string, 0, len(kinds))
	for n := range kinds {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// MaxUploadBytes is the largest total a single upload request may carry:
// the largest MaxBytes × MaxCount of any kind.
func MaxUploadBytes() int64 {
	var m int64
	for _, k := range kinds {
		m = max(m, k.MaxBytes*int64(k.MaxCount))
	}
	return m
}

// Check refuses a file the kind does not take: a type outside its list, a
// name whose extension disagrees with the content, or a size over its
// limit.
func (k Kind) Check(fi FileInfo) error {
	if !slices.ContainsFunc(k.Types, func(t Type) bool { return t.Ext == fi.Type.Ext }) {
		return Reject(fmt.Errorf("%w: %s in %s", ErrTypeNotAllowed, fi.Type.Ext, k.Name), k.TypeMessage)
	}
	if err := checkExt(fi, k.TypeMessage); err != nil {
		return err
	}
	if fi.Size > k.MaxBytes {
		return Reject(fmt.Errorf("%w: %d > %d", ErrTooLarge, fi.Size, k.MaxBytes), k.SizeMessage)
	}
	return nil
}

// CheckCount refuses n files when the kind takes fewer.
func (k Kind) CheckCount(n int) error {
	if n > k.MaxCount {
		return Reject(fmt.Errorf("%w: %d > %d", ErrTooMany, n, k.MaxCount), k.CountMessage)
	}
	return nil
}

// TooLarge is the refusal of a file that grew past the kind's limit while
// it was read.
func (k Kind) TooLarge() error {
	return Reject(fmt.Errorf("%w: over %d", ErrTooLarge, k.MaxBytes), k.SizeMessage)
}

// Refuse turns one of Detect's errors into the kind's refusal; other
// errors are returned as they are.
func (k Kind) Refuse(err error) error {
	for _, reason := range []error{ErrEmpty, ErrUnknownType, ErrExecutable, ErrPolyglot} {
		if errors.Is(err, reason) {
			return Reject(err, k.TypeMessage)
		}
	}
	return err
}
