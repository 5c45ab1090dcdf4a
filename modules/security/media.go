package security

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"xiangzhi/engine"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/schema"
	"xiangzhi/engine/store"
	"xiangzhi/modules/hook"
)

// Spec §7's camera media calls (/cam/api/media/play and /playback): where
// a player finds a camera's live video, or its recording of a period. A
// VideoSource answers the address; the built-in DirectSource reads it from
// the camera's own 取流地址 (streamUrl), which suits cameras reached
// directly over RTSP. A video platform (GB28181 server, 萤石/乐橙 cloud,
// a vendor's NVR platform) plugs in as another VideoSource
// (docs/api.md § Camera video).

// Stream is where a player finds a camera's video.
type Stream struct {
	CameraID   int64  `json:"cameraId"`
	CameraName string `json:"cameraName"`
	// Protocol is the URL's scheme: rtsp, rtmp, http, https, ws, wss.
	Protocol string `json:"protocol"`
	URL      string `json:"url"`
	// StartTime and EndTime bound a playback (local time, 2006-01-02
	// 15:04:05); empty for live video.
	StartTime string `json:"startTime,omitempty"`
	EndTime   string `json:"endTime,omitempty"`
}

// Camera is what a VideoSource knows of a camera: its record.
type Camera = store.Record

// VideoSource answers the streams of cameras. An error that is an
// *httpx.Error (a camera it cannot serve) reaches the caller as it is.
type VideoSource interface {
	Live(ctx context.Context, cam Camera) (Stream, error)
	Playback(ctx context.Context, cam Camera, from, to time.Time) (Stream, error)
}

// MaxPlayback is the longest period one playback call may ask for.
const MaxPlayback = 24 * time.Hour

// DirectSource answers from the camera's 取流地址: live video is that
// address; a recording is the device's own RTSP playback address, for
// the two address forms whose playback form is known (Hikvision
// /Streaming/Channels/<n> → /Streaming/tracks/<n>?starttime=&endtime= in
// UTC; Dahua /cam/realmonitor?channel=<n> → /cam/playback?channel=<n>&
// starttime=&endtime= in local time).
type DirectSource struct{}

var (
	hikLive   = regexp.MustCompile(`^/Streaming/Channels/([0-9]{1,4})/?$`)
	liveProto = map[string]bool{"rtsp": true, "rtmp": true, "http": true, "https": true, "ws": true, "wss": true}
)

// address parses the camera's 取流地址: 409 when it has none or not one a
// player can open.
func address(cam Camera) (*url.URL, error) {
	raw, _ := cam["streamUrl"].(string)
	if strings.TrimSpace(raw) == "" {
		return nil, httpx.NewError(http.StatusConflict, NoStreamURL)
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || !liveProto[strings.ToLower(u.Scheme)] || u.Host == "" {
		return nil, httpx.NewError(http.StatusConflict, BadStreamURL)
	}
	return u, nil
}

// Live answers the camera's 取流地址.
func (DirectSource) Live(_ context.Context, cam Camera) (Stream, error) {
	u, err := address(cam)
	if err != nil {
		return Stream{}, err
	}
	return Stream{Protocol: strings.ToLower(u.Scheme), URL: u.String()}, nil
}

// Playback answers the device's RTSP playback address for the period.
func (DirectSource) Playback(_ context.Context, cam Camera, from, to time.Time) (Stream, error) {
	u, err := address(cam)
	if err != nil {
		return Stream{}, err
	}
	if strings.ToLower(u.Scheme) != "rtsp" {
		return Stream{}, httpx.NewError(http.StatusConflict, NoPlayback)
	}
	q := u.Query()
	switch m := hikLive.FindStringSubmatch(u.Path); {
	case m != nil:
		const layout = "20060102T150405Z"
		u.Path = "/Streaming/tracks/" + m[1]
		u.RawQuery = "starttime=" + from.UTC().Format(layout) + "&endtime=" + to.UTC().Format(layout)
	case strings.TrimSuffix(u.Path, "/") == "/cam/realmonitor" && q.Get("channel") != "":
		const layout = "2006_01_02_15_04_05"
		u.Path = "/cam/playback"
		u.RawQuery = "channel=" + url.QueryEscape(q.Get("channel")) + "&starttime=" + from.In(time.Local).Format(layout) +
			"&endtime=" + to.In(time.Local).Format(layout)
	default:
		return Stream{}, httpx.NewError(http.StatusConflict, NoPlayback)
	}
	return Stream{Protocol: "rtsp", URL: u.String()}, nil
}

// media serves the camera media calls from a VideoSource.
type media struct {
	app *engine.App
	src VideoSource
	now func() time.Time
}

// registerMedia adds GET /cam/api/media/play and /playback, each with the
// camera module's view code. Without the camera module they are left out.
func registerMedia(app *engine.App, src VideoSource) {
	m := app.Modules().Module("camera")
	if m == nil {
		app.Logger().Warn("camera media routes not registered: camera module missing")
		return
	}
	h := &media{app: app, src: src, now: time.Now}
	app.AddRoutes("/cam/api/media",
		engine.Route{Method: http.MethodGet, Path: "/play", Code: m.Code("view"), Name: m.Title + routePlay, Handler: h.play},
		engine.Route{Method: http.MethodGet, Path: "/playback", Code: m.Code("view"), Name: m.Title + routePlayback, Handler: h.playback},
	)
}

// play answers where the live video of camera ?id= (or ?cameraId=) plays.
func (h *media) play(c echo.Context) error {
	cam, err := h.camera(c)
	if err != nil {
		return err
	}
	s, err := h.src.Live(c.Request().Context(), cam)
	if err != nil {
		return err
	}
	return httpx.OK(c, h.named(s, cam))
}

// playback answers where the recording of camera ?id= between ?startTime=
// and ?endTime= (2006-01-02 15:04:05) plays: the period must have begun,
// end after it begins and last at most MaxPlayback; a period reaching
// past now ends now.
func (h *media) playback(c echo.Context) error {
	from, err := h.when(c, "startTime", StartTimeLabel)
	if err != nil {
		return err
	}
	to, err := h.when(c, "endTime", EndTimeLabel)
	if err != nil {
		return err
	}
	now := h.now().Truncate(time.Second)
	switch {
	case !from.Before(now):
		return hook.Required("startTime", PlaybackFuture)
	case !to.After(from):
		return hook.Required("endTime", PlaybackOrder)
	case to.Sub(from) > MaxPlayback:
		return hook.Required("endTime", PlaybackTooLong)
	}
	if to.After(now) {
		to = now
	}
	cam, err := h.camera(c)
	if err != nil {
		return err
	}
	s, err := h.src.Playback(c.Request().Context(), cam, from, to)
	if err != nil {
		return err
	}
	s = h.named(s, cam)
	s.StartTime, s.EndTime = from.Format(schema.DateTimeLayout), to.Format(schema.DateTimeLayout)
	return httpx.OK(c, s)
}

// when reads a local date-time parameter: 400 naming it when missing or
// malformed.
func (h *media) when(c echo.Context, key, label string) (time.Time, error) {
	v := strings.TrimSpace(c.QueryParam(key))
	if v == "" {
		return time.Time{}, hook.Required(key, fmt.Sprintf(TimeRequired, label))
	}
	t, err := time.ParseInLocation(schema.DateTimeLayout, v, time.Local)
	if err != nil {
		return time.Time{}, hook.Required(key, fmt.Sprintf(TimeFormat, label))
	}
	return t, nil
}

// camera reads the camera of ?id= (or ?cameraId=) in the caller's data
// scope: 404 when out of reach, 409 when it is disabled.
func (h *media) camera(c echo.Context) (Camera, error) {
	m, err := hook.Module(h.app, "camera")
	if err != nil {
		return nil, err
	}
	v := c.QueryParam("id")
	if v == "" {
		v = c.QueryParam("cameraId")
	}
	if v == "" {
		return nil, hook.Required("id", CameraRequired)
	}
	id, err := httpx.ParseID(v)
	if err != nil {
		return nil, err
	}
	cam, err := h.app.Store().Get(c.Request().Context(), m, engine.ScopeOf(c), id)
	if err != nil {
		return nil, fmt.Errorf("camera %d: %w", id, err)
	}
	if on, ok := cam["enabled"].(bool); ok && !on {
		return nil, httpx.NewError(http.StatusConflict, CameraDisabled)
	}
	return cam, nil
}

// named fills the camera's id and name into a source's stream.
func (h *media) named(s Stream, cam Camera) Stream {
	s.CameraID, _ = cam["id"].(int64)
	s.CameraName, _ = cam["cameraName"].(string)
	return s
}
