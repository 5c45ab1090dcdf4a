package files_test

import (
	"errors"
	"testing"

	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
)

// publicMessage is the Chinese text an error answers with ("" when none).
func publicMessage(err error) string {
	var pe httpx.PublicError
	if errors.As(err, &pe) {
		return pe.PublicMessage()
	}
	return ""
}

func info(name string, t files.Type, size int64) files.FileInfo {
	return files.FileInfo{Name: name, Type: t, Size: size}
}

func TestKindCheck(t *testing.T) {
	tests := []struct {
		kind    string
		fi      files.FileInfo
		want    error
		wantMsg string
	}{
		{"image", info("a.png", files.TypePNG, 5<<20), nil, ""},
		{"image", info("a.png", files.TypePNG, 5<<20+1), files.ErrTooLarge, "请上传5M以内的图片"},
		{"image2m", info("a.jpeg", files.TypeJPEG, 2<<20+1), files.ErrTooLarge, "请上传2M以内的图片"},
		{"image1m", info("a.jpg", files.TypeJPEG, 1<<20+1), files.ErrTooLarge, "请上传1M以内的文件"},
		{"image", info("a.pdf", files.TypePDF, 10), files.ErrTypeNotAllowed, "文件格式有误"},
		{"image", info("a.gif", files.TypePNG, 10), files.ErrExtMismatch, "文件格式有误"},
		{"image", info("noext", files.TypePNG, 10), nil, ""},
		{"video", info("a.mp4", files.TypeMP4, 50<<20), nil, ""},
		{"video", info("a.mp4", files.TypeMP4, 50<<20+1), files.ErrTooLarge, "请上传50M以内的视频文件"},
		{"video", info("a.webm", files.TypeWebM, 10), files.ErrTypeNotAllowed, "文件格式有误"},
		{"editorVideo", info("a.webm", files.TypeWebM, 10), nil, ""},
		{"editorVideo", info("a.mp3", files.TypeMP3, 10), files.ErrTypeNotAllowed, "仅支持，mp4、webm、ogg 三种视频格式！"},
		{"audio", info("a.mp3", files.TypeMP3, 50<<20+1), files.ErrTooLarge, "请上传50M以内的音频文件"},
		{"book", info("a.docx", files.TypeDOCX, 10<<20), nil, ""},
		{"book", info("a.xlsx", files.TypeXLSX, 10), files.ErrTypeNotAllowed, "文件格式有误"},
		{"book", info("a.pdf", files.TypePDF, 10<<20+1), files.ErrTooLarge, "请上传10M以内的文件"},
		{"file", info("a.xls", files.TypeXLS, 1<<20), nil, ""},
		{"file", info("a.xls", files.TypeXLS, 1<<20+1), files.ErrTooLarge, "请上传1M以内的文件"},
		{"file", info("a.doc", files.TypeXLS, 10), files.ErrExtMismatch, "文件格式有误"},
		{"file", info("a.ogg", files.TypeOgg, 10), files.ErrTypeNotAllowed, "文件格式有误"},
		{"attachment", info("a.PPTX", files.TypePPTX, 10<<20), nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.fi.Name, func(t *testing.T) {
			k, ok := files.KindByName(tt.kind)
			if !ok {
				t.Fatalf("no kind %s", tt.kind)
			}
			err := k.Check(tt.fi)
			if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Fatalf("Check = %v, want %v", err, tt.want)
			}
			if got := publicMessage(err); got != tt.wantMsg {
				t.Errorf("message = %q, want %q", got, tt.wantMsg)
			}
		})
	}
}

func TestKindCheckCount(t *testing.T) {
	tests := []struct {
		kind    string
		n       int
		wantMsg string
	}{
		{"image", 9, ""},
		{"image", 10, "最多上传9张图片！"},
		{"file", 3, ""},
		{"file", 4, "最多上传3个文件！"},
		{"video", 2, "最多上传1个文件！"},
	}
	for _, tt := range tests {
		k, _ := files.KindByName(tt.kind)
		if got := publicMessage(k.CheckCount(tt.n)); got != tt.wantMsg {
			t.Errorf("%s.CheckCount(%d) message = %q, want %q", tt.kind, tt.n, got, tt.wantMsg)
		}
	}
}

func TestCheckField(t *testing.T) {
	tests := []struct {
		name    string
		field   schema.Field
		fi      files.FileInfo
		wantMsg string
	}{
		{"image field takes png", schema.Field{Name: "p", Type: schema.TypeImage}, info("a.png", files.TypePNG, 10), ""},
		{"image field refuses pdf", schema.Field{Name: "p", Type: schema.TypeImages}, info("a.pdf", files.TypePDF, 10), "文件格式有误"},
		{"accept narrows", schema.Field{Name: "p", Type: schema.TypeFiles, Accept: []string{"pdf", "jpg"}}, info("a.png", files.TypePNG, 10), "文件格式有误"},
		{"accept jpg takes jpeg", schema.Field{Name: "p", Type: schema.TypeFiles, Accept: []string{"jpg"}}, info("a.jpeg", files.TypeJPEG, 10), ""},
		{"accept jpeg takes jpg", schema.Field{Name: "p", Type: schema.TypeFiles, Accept: []string{"jpeg"}}, info("a.jpg", files.TypeJPEG, 10), ""},
		{"extension must agree", schema.Field{Name: "p", Type: schema.TypeFile}, info("a.pdf", files.TypeDOCX, 10), "文件格式有误"},
		{"maxSize of images", schema.Field{Name: "p", Type: schema.TypeImages, MaxSize: "2MB"}, info("a.png", files.TypePNG, 2<<20+1), "请上传2M以内的图片"},
		{"maxSize of files", schema.Field{Name: "p", Type: schema.TypeFiles, MaxSize: "500KB"}, info("a.pdf", files.TypePDF, 500<<10+1), "请上传500K以内的文件"},
		{"maxSize of video", schema.Field{Name: "p", Type: schema.TypeVideo, MaxSize: "20MB"}, info("a.mp4", files.TypeMP4, 20<<20+1), "请上传20M以内的视频文件"},
		{"video field refuses webm", schema.Field{Name: "p", Type: schema.TypeVideo}, info("a.webm", files.TypeWebM, 10), "文件格式有误"},
		{"within maxSize", schema.Field{Name: "p", Type: schema.TypeFiles, MaxSize: "1MB"}, info("a.pdf", files.TypePDF, 1<<20), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := files.CheckField(&tt.field, tt.fi)
			if got := publicMessage(err); got != tt.wantMsg {
				t.Errorf("CheckField = %v (message %q), want message %q", err, got, tt.wantMsg)
			}
			if tt.wantMsg == "" && err != nil {
				t.Errorf("CheckField = %v, want nil", err)
			}
		})
	}
	if err := files.CheckField(&schema.Field{Name: "s", Type: schema.TypeString}, info("a.png", files.TypePNG, 1)); err == nil {
		t.Error("CheckField on a string field = nil, want an error")
	}
}

func TestCheckCount(t *testing.T) {
	tests := []struct {
		field   schema.Field
		n       int
		wantMsg string
	}{
		{schema.Field{Type: schema.TypeImages}, 9, ""},
		{schema.Field{Type: schema.TypeImages}, 10, "最多上传9张图片！"},
		{schema.Field{Type: schema.TypeImages, MaxCount: 3}, 4, "最多上传3张图片！"},
		{schema.Field{Type: schema.TypeImage}, 2, "最多上传1张图片！"},
		{schema.Field{Type: schema.TypeFiles, MaxCount: 5}, 6, "最多上传5个文件！"},
		{schema.Field{Type: schema.TypeVideo}, 1, ""},
	}
	for _, tt := range tests {
		if got := publicMessage(files.CheckCount(&tt.field, tt.n)); got != tt.wantMsg {
			t.Errorf("CheckCount(%s max %d, %d) message = %q, want %q", tt.field.Type, tt.field.MaxCount, tt.n, got, tt.wantMsg)
		}
	}
}

func TestCleanName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"报告.pdf", "报告.pdf"},
		{"../../etc/passwd.png", "passwd.png"},
		{`..\..\windows\win.ini`, "win.ini"},
		{"/abs/path/a.txt", "a.txt"},
		{"a\x00b.png", "ab.png"},
		{"  spaced .png ", "spaced .png"},
		{"..", ""},
		{"dir/..", ""},
		{"line\nbreak.txt", "linebreak.txt"},
	}
	for _, tt := range tests {
		if got := files.CleanName(tt.in); got != tt.want {
			t.Errorf("CleanName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
