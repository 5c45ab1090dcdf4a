package files_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"xiangzhi/engine/files"
)

func TestSettingsFromEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	got, err := files.SettingsFromEnv(env(nil), "/data")
	if err != nil {
		t.Fatal(err)
	}
	want := files.Settings{Backend: "local", Dir: filepath.Join("/data", "files"), URLTTL: time.Hour,
		TicketTTL: 15 * time.Minute, CleanupInterval: 10 * time.Minute, Review: files.ReviewConfig{Timeout: 10 * time.Second}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("defaults (-want +got):\n%s", diff)
	}
	got, err = files.SettingsFromEnv(env(map[string]string{
		"XZ_STORAGE": "S3", "XZ_S3_ENDPOINT": "127.0.0.1:9000", "XZ_S3_BUCKET": "b", "XZ_S3_ACCESS_KEY": "ak",
		"XZ_S3_SECRET_KEY": "sk", "XZ_S3_USE_SSL": "true", "XZ_FILES_URL_TTL": "5m",
		"XZ_REVIEW_KEYWORDS": "赌博, casino ,", "XZ_REVIEW_MAX_BYTES": "2MB", "XZ_REVIEW_URL": "http://r/",
	}), "/data")
	if err != nil {
		t.Fatal(err)
	}
	want.Backend, want.URLTTL = "s3", 5*time.Minute
	want.S3 = files.S3Config{Endpoint: "127.0.0.1:9000", Bucket: "b", AccessKey: "ak", SecretKey: "sk", UseSSL: true}
	want.Review = files.ReviewConfig{Keywords: []string{"赌博", "casino"}, MaxBytes: 2 << 20, URL: "http://r/", Timeout: 10 * time.Second}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("s3 settings (-want +got):\n%s", diff)
	}
	for _, bad := range []map[string]string{
		{"XZ_STORAGE": "ftp"},
		{"XZ_S3_USE_SSL": "maybe"},
		{"XZ_FILES_URL_TTL": "forever"},
		{"XZ_FILES_URL_TTL": "30d"},
		{"XZ_FILES_CLEANUP_INTERVAL": "1ms"},
		{"XZ_REVIEW_MAX_BYTES": "lots"},
	} {
		if _, err := files.SettingsFromEnv(env(bad), "/data"); err == nil {
			t.Errorf("SettingsFromEnv(%v) = nil error", bad)
		}
	}
}
