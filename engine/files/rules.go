package files

import (
	"errors"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"xiangzhi/engine/msg"
)

// Reasons an upload is refused; a Rejection wraps one of them (or one of
// Detect's errors).
var (
	// ErrTypeNotAllowed means the detected type is not one the uploader
	// (or the field) accepts.
	ErrTypeNotAllowed = errors.New("file type not allowed")
	// ErrExtMismatch means the name's extension disagrees with the content.
	ErrExtMismatch = errors.New("file extension does not match content")
	// ErrTooLarge means the file is over the size limit.
	ErrTooLarge = errors.New("file too large")
	// ErrTooMany means more files than the uploader (or field) takes.
	ErrTooMany = errors.New("too many files")
	// ErrReviewRejected means the picture review refused the file.
	ErrReviewRejected = errors.New("review rejected")
)

// Rejection is a refused upload: a 400 whose message is the
// specification's text.
type Rejection struct {
	Reason  error
	Message string
}

// Reject makes a Rejection of reason with the Chinese message text.
func Reject(reason error, text string) *Rejection { return &Rejection{Reason: reason, Message: text} }

// Error describes the refusal for logs.
func (e *Rejection) Error() string { return "upload refused: " + e.Reason.Error() }

// Unwrap is the reason.
func (e *Rejection) Unwrap() error { return e.Reason }

// HTTPStatus is 400.
func (e *Rejection) HTTPStatus() int { return http.StatusBadRequest }

// PublicMessage is the Chinese text.
func (e *Rejection) PublicMessage() string { return e.Message }

// FileInfo is what the server learnt of one uploaded file.
type FileInfo struct {
	// Name is the original name, cleaned by CleanName ("" when none).
	Name string
	// Type is the type detected from the content.
	Type Type
	// Size is the length in bytes.
	Size int64
	// SHA256 is the hex SHA-256 of the content.
	SHA256 string
}

// NameExt is the lower-case extension of the original name, without dot.
func (fi FileInfo) NameExt() string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(fi.Name), "."))
}

// checkExt refuses a name whose extension disagrees with the content. A
// name without extension takes the content's.
func checkExt(fi FileInfo, text string) error {
	if ext := fi.NameExt(); ext != "" && !fi.Type.HasExt(ext) {
		return Reject(fmt.Errorf("%w: .%s holds %s", ErrExtMismatch, ext, fi.Type.Ext), text)
	}
	return nil
}

// maxNameLen bounds an original name, in characters.
const maxNameLen = 200

// CleanName makes a client's file name safe to store and to show: the
// last element of a slash or backslash path, without control characters
// (NUL included), trimmed, at most maxNameLen characters keeping the
// extension; "", "." and ".." give "".
func CleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "." || name == ".." {
		return ""
	}
	if utf8.RuneCountInString(name) > maxNameLen {
		ext := path.Ext(name)
		if utf8.RuneCountInString(ext) > 16 {
			ext = ""
		}
		runes := []rune(strings.TrimSuffix(name, ext))
		name = string(runes[:maxNameLen-utf8.RuneCountInString(ext)]) + ext
	}
	return name
}

// HumanSize writes a byte count the way the specification's messages do:
// 1M, 2M, 500K.
func HumanSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dM", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1fM", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dK", n>>10)
	case n >= 1<<10:
		return fmt.Sprintf("%.1fK", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%dB", n)
}

// sizeMessage is the "upload within N" text for a type family.
func sizeMessage(media Media, limit int64) string {
	switch media {
	case MediaImage:
		return fmt.Sprintf(msg.FileImageTooLarge, HumanSize(limit))
	case MediaVideo:
		return fmt.Sprintf(msg.FileVideoTooLarge, HumanSize(limit))
	case MediaAudio:
		return fmt.Sprintf(msg.FileAudioTooLarge, HumanSize(limit))
	}
	return fmt.Sprintf(msg.UploadTooLarge, HumanSize(limit))
}

// countMessage is the "at most N" text: images for image-only uploaders.
func countMessage(images bool, n int) string {
	if images {
		return fmt.Sprintf(msg.FileTooManyImages, n)
	}
	return fmt.Sprintf(msg.FileTooManyFiles, n)
}

// allImages reports whether every type is an image.
func allImages(types []Type) bool {
	return !slices.ContainsFunc(types, func(t Type) bool { return t.Media != MediaImage })
}
