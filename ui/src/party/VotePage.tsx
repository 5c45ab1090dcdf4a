// Casting a vote (issue 18): the vote's questions answered in place (one choice, several up to the limit,
// or text), the ballot sent once, and the live results beside it.

import { useCallback, useEffect, useState } from "react";
import { Alert, Button, Card, Checkbox, Input, Progress, Radio, Space, Spin, Typography, message } from "antd";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { modulePath } from "../app/routes";
import { CHOICE_MANY, CHOICE_TEXT, choicesOf, partyApi, type Tally, type Vote } from "./partyApi";

const OPEN = 1;

export default function VotePage() {
  const { id = "" } = useParams();
  const { t } = useTranslation();
  const [vote, setVote] = useState<Vote | null>(null);
  const [tally, setTally] = useState<Tally | null>(null);
  const [choices, setChoices] = useState<Record<string, string | string[]>>({});
  const [sending, setSending] = useState(false);

  const load = useCallback(() => {
    partyApi.vote(id).then(setVote, () => undefined);
    partyApi.tally(id).then(setTally, () => undefined);
  }, [id]);
  useEffect(load, [load]);

  if (!vote || !tally) return <Spin />;
  const canVote = vote.voteStatus === OPEN && !tally.voted;
  const cast = () => {
    setSending(true);
    partyApi
      .cast(id, choices)
      .then(() => {
        void message.success(t("party.voted"));
        load();
      }, () => undefined)
      .finally(() => setSending(false));
  };

  return (
    <Card title={vote.title} extra={<Link to={modulePath.list("vote")}>{t("party.back")}</Link>}>
      <Space direction="vertical" style={{ width: "100%" }} size="large">
        {vote.description && <Typography.Paragraph>{vote.description}</Typography.Paragraph>}
        {tally.voted && <Alert type="success" showIcon message={t("party.alreadyVoted")} />}
        {canVote && (
          <Card size="small">
            <Space direction="vertical" style={{ width: "100%" }}>
              {(vote.voteQuestions ?? []).map((q, i) => {
                const key = String(q.id);
                const opts = choicesOf(q);
                return (
                  <div key={key}>
                    <Typography.Text strong>
                      {i + 1}. {q.questionTitle}
                    </Typography.Text>
                    <div style={{ marginTop: 8 }}>
                      {q.choiceMode === CHOICE_TEXT ? (
                        <Input.TextArea aria-label={q.questionTitle} rows={2} maxLength={500} onChange={(e) => setChoices((c) => ({ ...c, [key]: e.target.value }))} />
                      ) : q.choiceMode === CHOICE_MANY ? (
                        <Checkbox.Group aria-label={q.questionTitle} options={opts} onChange={(vs) => setChoices((c) => ({ ...c, [key]: vs.map(String) }))} />
                      ) : (
                        <Radio.Group aria-label={q.questionTitle} options={opts} onChange={(e) => setChoices((c) => ({ ...c, [key]: [String(e.target.value)] }))} />
                      )}
                    </div>
                  </div>
                );
              })}
              <Button type="primary" loading={sending} onClick={cast}>
                {t("party.voteSubmit")}
              </Button>
            </Space>
          </Card>
        )}
        <Card size="small" title={t("party.results")} extra={t("party.ballots", { count: tally.ballots })}>
          <Space direction="vertical" style={{ width: "100%" }}>
            {tally.hidden && <Typography.Text type="secondary">{t("party.hidden")}</Typography.Text>}
            {tally.questions.map((q, i) => (
              <section key={q.id} aria-label={q.questionTitle}>
                <Typography.Text strong>
                  {i + 1}. {q.questionTitle}
                </Typography.Text>
                {(q.options ?? []).map((o) => (
                  <div key={o.option} style={{ display: "flex", gap: 12, alignItems: "center" }}>
                    <span style={{ minWidth: 120 }}>{o.option}</span>
                    <Progress percent={o.percent} style={{ flex: 1, margin: 0 }} />
                    <span>{t("party.votes", { count: o.count })}</span>
                  </div>
                ))}
                {q.choiceMode === CHOICE_TEXT && (
                  <ul aria-label={t("party.textAnswers")}>
                    {(q.texts ?? []).map((s, k) => (
                      <li key={k}>{s}</li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </Space>
        </Card>
      </Space>
    </Card>
  );
}
