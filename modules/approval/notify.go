package approval

import (
	"context"
	"fmt"
	"log/slog"

	"xiangzhi/engine"
	"xiangzhi/engine/workflow"
)

// messenger turns the workflow's committed events into messages through
// App.Notify (modules/message stores them and pushes them to the sockets):
// the approvers a step reaches or a chase names, the applicant of every
// decision and outcome, who a copy goes to. A failure is logged, never
// answered: the decision itself stands.
type messenger struct {
	app *engine.App
	log *slog.Logger
}

// Notify sends one message per person an event names.
func (m messenger) Notify(ctx context.Context, events []workflow.Event) {
	var notices []engine.Notice
	for _, e := range events {
		title, body, kind := m.texts(e)
		if title == "" {
			continue
		}
		for _, to := range e.Notify {
			notices = append(notices, engine.Notice{TenantID: e.TenantID, RecipientID: to, SenderID: e.ActorID,
				Kind: kind, Title: title, Body: body, Module: e.Module, RecordID: e.RecordID, TaskID: e.Tasks[to]})
		}
	}
	if err := m.app.Notify(ctx, notices); err != nil {
		m.log.Error("workflow messages not sent", "err", err.Error(), "count", len(notices))
	}
}

// texts are the title, body and message kind of an event ("" for an event
// nobody is told of).
func (m messenger) texts(e workflow.Event) (title, body, kind string) {
	module := e.Module
	if mod := m.app.Modules().Module(e.Module); mod != nil {
		module = mod.Title
	}
	outcome := outcomes[e.Action]
	format := func(t, b string) (string, string) {
		return fmt.Sprintf(t, module, e.Step, outcome), fmt.Sprintf(b, module, e.Step, outcome)
	}
	switch e.Kind {
	case workflow.EventArrived:
		title, body = format(msgArrivedTitle, msgArrivedBody)
		return title, body, "task"
	case workflow.EventChased:
		title, body = format(msgChasedTitle, msgChasedBody)
		return title, body, "task"
	case workflow.EventOverdue:
		title, body = format(msgOverdueTitle, msgOverdueBody)
		return title, body, "task"
	case workflow.EventCopied:
		title, body = format(msgCopiedTitle, msgCopiedBody)
	case workflow.EventDecided:
		title, body = format(msgDecidedTitle, msgDecidedBody)
	case workflow.EventFinished:
		title, body = format(msgFinishedTitle, msgFinishedBody)
	default:
		return "", "", ""
	}
	return title, body, "status"
}
