package files

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"xiangzhi/engine/schema"
)

// Backends of Storage.
const (
	BackendLocal = "local"
	BackendS3    = "s3"
)

// Defaults of the file settings.
const (
	DefaultURLTTL          = time.Hour
	DefaultTicketTTL       = 15 * time.Minute
	DefaultCleanupInterval = 10 * time.Minute
	DefaultReviewTimeout   = 10 * time.Second
)

// Settings are the file settings, read from the environment by
// SettingsFromEnv (docs/files.md lists the variables).
type Settings struct {
	// Backend is BackendLocal or BackendS3.
	Backend string
	// Dir is the local backend's directory.
	Dir string
	// S3 is the S3 backend's service.
	S3 S3Config
	// URLTTL is how long a signed file URL stays valid.
	URLTTL time.Duration
	// TicketTTL is how long an upload ticket stays valid.
	TicketTTL time.Duration
	// CleanupInterval is how often files past their deleteTime are removed.
	CleanupInterval time.Duration
	// Review configures the picture review.
	Review ReviewConfig
}

// ReviewConfig configures the picture review: sensitive words, a size
// limit, and an external service; none of them means every picture passes.
type ReviewConfig struct {
	Keywords []string
	MaxBytes int64
	URL      string
	Timeout  time.Duration
}

// SettingsFromEnv reads the XZ_STORAGE, XZ_FILES_*, XZ_S3_* and XZ_REVIEW_*
// variables through getenv; dataDir is the server's data directory (the
// local backend's default is <dataDir>/files).
func SettingsFromEnv(getenv func(string) string, dataDir string) (Settings, error) {
	env := func(k string) string { return strings.TrimSpace(getenv(k)) }
	s := Settings{
		Backend: strings.ToLower(env("XZ_STORAGE")),
		Dir:     env("XZ_FILES_DIR"),
		S3: S3Config{
			Endpoint: env("XZ_S3_ENDPOINT"), Bucket: env("XZ_S3_BUCKET"),
			AccessKey: env("XZ_S3_ACCESS_KEY"), SecretKey: env("XZ_S3_SECRET_KEY"), Region: env("XZ_S3_REGION"),
		},
		Review: ReviewConfig{URL: env("XZ_REVIEW_URL")},
	}
	if s.Backend == "" {
		s.Backend = BackendLocal
	}
	if s.Backend != BackendLocal && s.Backend != BackendS3 {
		return s, fmt.Errorf("XZ_STORAGE=%q: want local or s3", s.Backend)
	}
	if s.Dir == "" {
		s.Dir = filepath.Join(dataDir, "files")
	}
	if v := env("XZ_S3_USE_SSL"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return s, fmt.Errorf("XZ_S3_USE_SSL=%q: %w", v, err)
		}
		s.S3.UseSSL = b
	}
	var err error
	durations := []struct {
		name     string
		dst      *time.Duration
		def, top time.Duration
	}{
		{"XZ_FILES_URL_TTL", &s.URLTTL, DefaultURLTTL, 7 * 24 * time.Hour},
		{"XZ_FILES_TICKET_TTL", &s.TicketTTL, DefaultTicketTTL, 24 * time.Hour},
		{"XZ_FILES_CLEANUP_INTERVAL", &s.CleanupInterval, DefaultCleanupInterval, 24 * time.Hour},
		{"XZ_REVIEW_TIMEOUT", &s.Review.Timeout, DefaultReviewTimeout, 5 * time.Minute},
	}
	for _, d := range durations {
		if *d.dst, err = duration(env(d.name), d.def, d.top); err != nil {
			return s, fmt.Errorf("%s: %w", d.name, err)
		}
	}
	for _, w := range strings.Split(env("XZ_REVIEW_KEYWORDS"), ",") {
		if w = strings.TrimSpace(w); w != "" {
			s.Review.Keywords = append(s.Review.Keywords, w)
		}
	}
	if v := env("XZ_REVIEW_MAX_BYTES"); v != "" {
		if s.Review.MaxBytes = parseSize(v); s.Review.MaxBytes <= 0 {
			return s, fmt.Errorf("XZ_REVIEW_MAX_BYTES=%q: want a size such as 2MB or 2097152", v)
		}
	}
	return s, nil
}

// duration parses v (empty: def), between one second and top.
func duration(v string, def, top time.Duration) (time.Duration, error) {
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, err
	}
	if d < time.Second || d > top {
		return 0, fmt.Errorf("%s: want between 1s and %s", v, top)
	}
	return d, nil
}

// parseSize reads a byte count, plain or with a unit as module maxSize
// takes it (500KB, 2MB); 0 when it is neither.
func parseSize(v string) int64 {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return n
	}
	return (&schema.Field{MaxSize: v}).MaxSizeBytes()
}

// OpenStorage opens the configured backend; signer makes the local
// backend's URLs, valid from now (nil: time.Now).
func (s Settings) OpenStorage(ctx context.Context, signer *Signer, now func() time.Time) (Storage, error) {
	if s.Backend == BackendS3 {
		return NewS3(ctx, s.S3)
	}
	return NewLocal(s.Dir, signer, now)
}

// NewReviewer builds the configured review: the size rule, then the
// keywords, then the external service; AcceptAll when none is set.
func NewReviewer(cfg ReviewConfig) Reviewer {
	var chain Chain
	if cfg.MaxBytes > 0 {
		chain = append(chain, SizeReviewer{MaxBytes: cfg.MaxBytes})
	}
	if len(cfg.Keywords) > 0 {
		chain = append(chain, KeywordReviewer{Keywords: cfg.Keywords})
	}
	if cfg.URL != "" {
		chain = append(chain, HTTPReviewer{URL: cfg.URL, Client: &http.Client{Timeout: cfg.Timeout}})
	}
	if len(chain) == 0 {
		return AcceptAll{}
	}
	return chain
}
