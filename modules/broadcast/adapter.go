// Package broadcast plays the broadcast tasks of 应急广播 (spec §7
// /device/api/dlb): send immediately, the play list and stop play, through
// a device Adapter. The built-in Simulator plays each task for its duration
// on every terminal but those marked faulty and reports when it ends; a
// vendor's platform plugs in as another Adapter (docs/broadcast.md). The
// task's 执行状态 follows what the adapter reports: 播发中 when it plays,
// 已完成 when it ends, 失败 when no terminal played, 已取消 when stopped.
package broadcast

import (
	"context"
	"time"
)

// Terminal is one broadcast terminal a task plays on.
type Terminal struct {
	ID           int64  `json:"id"`
	ResourceCode string `json:"resourceCode"` // the terminal's code on the platform (资源编码)
	Name         string `json:"deviceName"`
}

// Item is one programme of a task: an audio file or a text to speak.
type Item struct {
	ID       int64         `json:"id"`
	Name     string        `json:"mediaName"`
	FileURL  string        `json:"fileUrl,omitempty"`
	Text     string        `json:"textContent,omitempty"`
	Duration time.Duration `json:"-"`
}

// Play is what a task asks the platform to play.
type Play struct {
	TenantID  int64
	TaskID    int64
	TaskNo    string
	Emergency bool // 应急广播: the platform puts it before daily programmes
	Volume    int
	Terminals []Terminal
	Items     []Item
	// Until, when set, ends the play then (the task's end time); else it
	// ends when its items have played once.
	Until time.Time
}

// Phase is where a play is.
type Phase string

// The phases an adapter reports.
const (
	Playing  Phase = "playing"
	Finished Phase = "finished"
	Failed   Phase = "failed"
	Stopped  Phase = "stopped"
)

// State is what the adapter reports of one play.
type State struct {
	TenantID int64     `json:"-"`
	TaskID   int64     `json:"taskId"`
	TaskNo   string    `json:"taskNo"`
	Phase    Phase     `json:"phase"`
	Started  time.Time `json:"startTime"`
	Ends     time.Time `json:"endTime"`
	// Playing and Faulty are the terminals that play and those that could
	// not (their ids).
	Playing []int64 `json:"playing"`
	Faulty  []int64 `json:"faulty"`
	Reason  string  `json:"reason,omitempty"`
}

// Adapter is a broadcast platform. Play starts a play and reports its
// first state (Failed when no terminal took it); Stop ends one; Plays
// lists those of a tenant that play now. The adapter calls the report
// function given to Start whenever a play changes phase on its own (it
// ended, every terminal dropped out).
type Adapter interface {
	Start(report func(State))
	Play(ctx context.Context, p Play) (State, error)
	Stop(ctx context.Context, tenantID int64, taskNo string) (State, error)
	Plays(ctx context.Context, tenantID int64) ([]State, error)
}
