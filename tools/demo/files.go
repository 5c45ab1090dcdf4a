package demo

// The demo's files: a dozen small pictures drawn here (coloured tiles with
// a simple shape), a one-page PDF, a text file, a short silent MP3 and a
// three-second MP4 (assets/village.mp4: 160×120 H.264 baseline, 8 frames a
// second, 15 KB, made once with ffmpeg's test pattern), stored for the
// demo tenant through the file service exactly as uploads are
// (Options.Files, modules/oos), so every image, file and video field of a
// demo record holds a link the server issued and the console can renew.

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"slices"
	"strings"

	"xiangzhi/engine/files"
	"xiangzhi/engine/schema"
	"xiangzhi/modules/oos"
)

// FileStore keeps a file the way an upload does and answers what the
// upload would (modules/oos.Service is one).
type FileStore interface {
	Store(ctx context.Context, tenantID, ownerID int64, businessType, name string, content []byte) (oos.Stored, error)
}

// demoBusinessType is the business type of the demo's files.
const demoBusinessType = "demo"

// demoFile is one stored demo file.
type demoFile struct {
	link string // the upload's pathUrl, which records keep
	info files.FileInfo
}

// demoVideo is the demo's video (see the package comment).
//
//go:embed assets/village.mp4
var demoVideo []byte

// pictureNames name the demo pictures.
var pictureNames = []string{"村貌", "田园", "村道", "文化广场", "党群服务中心", "卫生室",
	"河道", "垃圾分类点", "农家院", "活动现场", "农产品", "巡查现场"}

// storeFiles stores the demo files for the tenant, owned by the county
// administrator.
func (g *gen) storeFiles(ctx context.Context) error {
	var named []struct {
		name string
		data []byte
	}
	add := func(name string, data []byte) {
		named = append(named, struct {
			name string
			data []byte
		}{name, data})
	}
	for i, title := range pictureNames {
		data, ext, err := picture(i)
		if err != nil {
			return err
		}
		add(fmt.Sprintf("%s%02d.%s", title, i+1, ext), data)
	}
	add("示范县工作简报.pdf", demoPDF())
	add("会议纪要.txt", []byte("示范县村务工作会议纪要\n\n一、通报本月网格巡查情况。\n二、部署人居环境整治工作。\n三、其他事项。\n"))
	add("广播提示音.mp3", silentMP3(12))
	add("村庄风貌.mp4", demoVideo)
	for _, f := range named {
		st, err := g.opts.Files.Store(ctx, g.tenant, g.county.Admin, demoBusinessType, f.name, f.data)
		if err != nil {
			return fmt.Errorf("store demo file %s: %w", f.name, err)
		}
		t, ok := files.TypeByExt(files.KeyExt(st.Key))
		if !ok {
			return fmt.Errorf("demo file %s: stored as %s", f.name, st.Key)
		}
		g.files = append(g.files, demoFile{link: st.PathURL, info: files.FileInfo{Name: st.Name, Type: t, Size: st.Size}})
	}
	return nil
}

// filesFor are the links of the demo files field f takes (its family,
// accept list and size limit).
func (g *gen) filesFor(f *schema.Field) []string {
	var out []string
	for _, d := range g.files {
		if files.CheckField(f, d.info) == nil {
			out = append(out, d.link)
		}
	}
	return out
}

// fileValue is the value of a file field: one link for image, file and
// video, one to three for images and files; false when no demo file fits.
func (g *gen) fileValue(f *schema.Field) (any, bool) {
	pool := g.filesFor(f)
	if len(pool) == 0 {
		return nil, false
	}
	if f.Type != schema.TypeImages && f.Type != schema.TypeFiles {
		return pick(g, pool), true
	}
	n := 1 + g.rng.IntN(min(3, max(1, f.MaxItems()), len(pool)))
	out := make([]any, 0, n)
	for _, k := range g.rng.Perm(len(pool))[:n] {
		out = append(out, pool[k])
	}
	return out, true
}

// tileColours are the pictures' backgrounds.
var tileColours = []color.RGBA{{76, 145, 96, 255}, {214, 166, 72, 255}, {88, 132, 196, 255},
	{196, 96, 84, 255}, {128, 104, 176, 255}, {64, 160, 160, 255}}

// picture i is a 160×120 tile with a shape (a disc, a house, stripes),
// every third one a JPEG, the others PNG.
func picture(i int) ([]byte, string, error) {
	const w, h = 160, 120
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	bg := tileColours[i%len(tileColours)]
	fg := color.RGBA{250, 248, 240, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := bg
			switch i % 3 {
			case 0: // a sun over a field
				dx, dy := x-110, y-40
				if dx*dx+dy*dy < 22*22 || y > 85 {
					c = fg
				}
			case 1: // a house
				if (y > 60 && y < 105 && x > 50 && x < 110) || (y <= 60 && y > 25 && abs(x-80) < y-25) {
					c = fg
				}
			default: // terraces
				if (y/15)%2 == 0 && x > (y/15)*12 {
					c = fg
				}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if i%3 == 2 {
		err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
		return buf.Bytes(), "jpg", err
	}
	err := png.Encode(&buf, img)
	return buf.Bytes(), "png", err
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// demoPDF is a one-page PDF with a line of text, its cross-reference
// table at the right offsets.
func demoPDF() []byte {
	text := "BT /F1 18 Tf 72 720 Td (Shifan County - work report) Tj ET"
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(text), text),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	var b strings.Builder
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return []byte(b.String())
}

// silentMP3 is n frames of MPEG-1 layer III, 128 kbit/s, 44.1 kHz, mono,
// whose side information and main data are zero: silence.
func silentMP3(n int) []byte {
	const frameLen = 144 * 128000 / 44100 // 417 bytes, no padding
	frame := make([]byte, frameLen)
	copy(frame, []byte{0xFF, 0xFB, 0x90, 0xC4})
	return slices.Repeat(frame, n)
}
