package files

import "slices"

// Media is the broad family of a file type.
type Media string

// The families of the types the server accepts.
const (
	MediaImage    Media = "image"
	MediaVideo    Media = "video"
	MediaAudio    Media = "audio"
	MediaDocument Media = "document"
	MediaText     Media = "text"
)

// Type is a file type the server recognises by content.
type Type struct {
	// Ext is the canonical extension, without dot: the key's extension.
	Ext string
	// Aliases are the other extensions a file of this type may be named
	// with (jpeg for jpg).
	Aliases []string
	// MIME is the Content-Type the file is served with.
	MIME  string
	Media Media
}

// HasExt reports whether ext (lower case, no dot) names this type.
func (t Type) HasExt(ext string) bool { return ext == t.Ext || slices.Contains(t.Aliases, ext) }

// Inline reports whether a browser may show the type in place (images,
// audio, video and pdf) rather than download it.
func (t Type) Inline() bool {
	return t.Media == MediaImage || t.Media == MediaVideo || t.Media == MediaAudio || t.Ext == "pdf"
}

// The types Detect recognises. Only these can ever be stored.
var (
	TypePNG  = Type{Ext: "png", MIME: "image/png", Media: MediaImage}
	TypeGIF  = Type{Ext: "gif", MIME: "image/gif", Media: MediaImage}
	TypeJPEG = Type{Ext: "jpg", Aliases: []string{"jpeg"}, MIME: "image/jpeg", Media: MediaImage}
	TypeBMP  = Type{Ext: "bmp", MIME: "image/bmp", Media: MediaImage}
	TypeMP4  = Type{Ext: "mp4", MIME: "video/mp4", Media: MediaVideo}
	TypeWebM = Type{Ext: "webm", MIME: "video/webm", Media: MediaVideo}
	TypeOgg  = Type{Ext: "ogg", Aliases: []string{"ogv"}, MIME: "video/ogg", Media: MediaVideo}
	TypeMP3  = Type{Ext: "mp3", MIME: "audio/mpeg", Media: MediaAudio}
	TypeTXT  = Type{Ext: "txt", MIME: "text/plain; charset=utf-8", Media: MediaText}
	TypePDF  = Type{Ext: "pdf", MIME: "application/pdf", Media: MediaDocument}
	TypeDOC  = Type{Ext: "doc", MIME: "application/msword", Media: MediaDocument}
	TypeXLS  = Type{Ext: "xls", MIME: "application/vnd.ms-excel", Media: MediaDocument}
	TypePPT  = Type{Ext: "ppt", MIME: "application/vnd.ms-powerpoint", Media: MediaDocument}
	TypeDOCX = Type{Ext: "docx", MIME: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Media: MediaDocument}
	TypeXLSX = Type{Ext: "xlsx", MIME: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", Media: MediaDocument}
	TypePPTX = Type{Ext: "pptx", MIME: "application/vnd.openxmlformats-officedocument.presentationml.presentation", Media: MediaDocument}
)

// Types lists every recognised type.
var Types = []Type{
	TypePNG, TypeGIF, TypeJPEG, TypeBMP, TypeMP4, TypeWebM, TypeOgg, TypeMP3, TypeTXT,
	TypePDF, TypeDOC, TypeXLS, TypePPT, TypeDOCX, TypeXLSX, TypePPTX,
}

// TypeByExt is the type ext (lower case, no dot) names.
func TypeByExt(ext string) (Type, bool) {
	for _, t := range Types {
		if t.HasExt(ext) {
			return t, true
		}
	}
	return Type{}, false
}
