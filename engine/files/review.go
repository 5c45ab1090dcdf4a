package files

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"xiangzhi/engine/msg"
)

// Subject is a file put to review.
type Subject struct {
	Name    string
	Type    Type
	Size    int64
	Content io.ReaderAt
}

// Verdict is a review's answer: Pass, or a Reason (Chinese) for refusing.
type Verdict struct {
	Pass   bool
	Reason string
}

// Reviewer decides whether a picture may be published. An error means the
// review could not be done (the upload then fails with 503, it is not
// waved through).
type Reviewer interface {
	Review(ctx context.Context, s Subject) (Verdict, error)
}

// ErrReviewUnavailable is the failure of a review service; it answers 503.
var ErrReviewUnavailable = &reviewError{}

type reviewError struct{}

func (*reviewError) Error() string         { return "review service unavailable" }
func (*reviewError) HTTPStatus() int       { return http.StatusServiceUnavailable }
func (*reviewError) PublicMessage() string { return msg.ReviewUnavailable }

// Reviewed reports whether uploads of type t go through review: png, gif
// and jpeg, as the specification says.
func Reviewed(t Type) bool {
	return t.Ext == TypePNG.Ext || t.Ext == TypeGIF.Ext || t.Ext == TypeJPEG.Ext
}

// AcceptAll is the default Reviewer: it passes everything.
type AcceptAll struct{}

// Review passes s.
func (AcceptAll) Review(context.Context, Subject) (Verdict, error) { return Verdict{Pass: true}, nil }

// Chain asks each Reviewer in turn; the first refusal (or error) stops it.
type Chain []Reviewer

// Review passes s when every reviewer does.
func (c Chain) Review(ctx context.Context, s Subject) (Verdict, error) {
	for _, r := range c {
		v, err := r.Review(ctx, s)
		if err != nil || !v.Pass {
			return v, err
		}
	}
	return Verdict{Pass: true}, nil
}

// KeywordReviewer refuses a file whose name or content holds one of
// Keywords (ASCII letters in any case). Content is matched byte for byte,
// so a short ASCII keyword may also be found inside binary data by chance:
// configure words of several characters.
type KeywordReviewer struct{ Keywords []string }

// Review scans the name and the content.
func (k KeywordReviewer) Review(_ context.Context, s Subject) (Verdict, error) {
	var words [][]byte
	longest := 0
	for _, w := range k.Keywords {
		if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
			words = append(words, []byte(w))
			longest = max(longest, len(w))
		}
	}
	if len(words) == 0 {
		return Verdict{Pass: true}, nil
	}
	name := bytes.ToLower([]byte(s.Name))
	for _, w := range words {
		if bytes.Contains(name, w) {
			return Verdict{Reason: msg.ReviewKeyword}, nil
		}
	}
	found, err := scan(io.NewSectionReader(s.Content, 0, s.Size), longest, func(window []byte) bool {
		for _, w := range words {
			if bytes.Contains(window, w) {
				return true
			}
		}
		return false
	})
	if err != nil {
		return Verdict{}, fmt.Errorf("keyword review: %w", err)
	}
	if found {
		return Verdict{Reason: msg.ReviewKeyword}, nil
	}
	return Verdict{Pass: true}, nil
}

// scan calls match on successive lower-cased windows of r that overlap by
// overlap bytes, and reports whether one matched.
func scan(r io.Reader, overlap int, match func([]byte) bool) (bool, error) {
	buf := make([]byte, 64<<10+overlap)
	keep := 0
	for {
		n, err := r.Read(buf[keep:])
		total := keep + n
		if match(bytes.ToLower(buf[:total])) {
			return true, nil
		}
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		keep = min(overlap, total)
		copy(buf, buf[total-keep:total])
	}
}

// SizeReviewer refuses a picture over MaxBytes.
type SizeReviewer struct{ MaxBytes int64 }

// Review compares the size.
func (s SizeReviewer) Review(_ context.Context, sub Subject) (Verdict, error) {
	if s.MaxBytes > 0 && sub.Size > s.MaxBytes {
		return Verdict{Reason: msg.ReviewTooLarge}, nil
	}
	return Verdict{Pass: true}, nil
}

// HTTPReviewer asks an external service: it POSTs the file as multipart
// (part "file", fields "name", "size", "contentType") to URL and reads a
// JSON answer {"code": 0|1, "msg": "…"}: code 0 passes, any other code
// refuses with msg as the reason. A failed call, a non-2xx status or an
// answer that is not such JSON is an error (ErrReviewUnavailable).
type HTTPReviewer struct {
	URL    string
	Client *http.Client
}

// Review calls the service.
func (h HTTPReviewer) Review(ctx context.Context, s Subject) (Verdict, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("name", s.Name)
	_ = mw.WriteField("size", strconv.FormatInt(s.Size, 10))
	_ = mw.WriteField("contentType", s.Type.MIME)
	part, err := mw.CreateFormFile("file", "upload."+s.Type.Ext)
	if err == nil {
		_, err = io.Copy(part, io.NewSectionReader(s.Content, 0, s.Size))
	}
	if err = errors.Join(err, mw.Close()); err != nil {
		return Verdict{}, fmt.Errorf("review request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, &body)
	if err != nil {
		return Verdict{}, fmt.Errorf("review request: %w: %w", ErrReviewUnavailable, err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	client := h.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return Verdict{}, fmt.Errorf("review call: %w: %w", ErrReviewUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return Verdict{}, fmt.Errorf("review call: %w: status %d", ErrReviewUnavailable, resp.StatusCode)
	}
	var answer struct {
		Code *int   `json:"code"`
		Msg  string `json:"msg"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&answer); err != nil || answer.Code == nil {
		return Verdict{}, fmt.Errorf("review answer: %w: %v", ErrReviewUnavailable, err)
	}
	if *answer.Code == 0 {
		return Verdict{Pass: true}, nil
	}
	reason := strings.TrimSpace(answer.Msg)
	if reason == "" {
		reason = msg.ReviewRefused
	}
	return Verdict{Reason: reason}, nil
}
