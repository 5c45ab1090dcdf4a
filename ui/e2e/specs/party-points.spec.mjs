// Issue 18: points that move, exams that can be taken, votes that can be cast — in the demo county.
// 1. An exchange order spends the villager's points and the goods' stock; cancelling it from the order's
//    page gives both back; the goods list and the points log show each movement.
// 2. A township user takes a short exam from the exam list: question cards, 交卷, and the score the server
//    gave, with answers and analysis.
// 3. A short answer is marked: the township hands in a paper with one, opens the marking screen from the exam
//    results list, gives a score within the question's and sees the sheet's total and pass state change; the
//    statistics screen shows the exam.
// 4. A village administrator casts a vote from the vote list and sees the live results.
import { apiJSON, assert, visible } from "../lib.mjs";
import { startDemo } from "../demo-lib.mjs";

const suffix = Date.now().toString(36).slice(-5);
const at = (days) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

export default [
  {
    name: "redeeming goods moves points and stock; cancelling gives them back; an exam is taken and scored; a vote is cast and counted",
    async run() {
      const demo = await startDemo();
      try {
        const v01 = await demo.token("v01_admin");
        const county = await demo.token("county_admin");
        const call = (token, path, method, body) => apiJSON(demo.ctx, path, { token, method, body });

        // --- Points mall ---------------------------------------------------------------------------------
        const villagers = await call(v01, "/cmzz/api/villagerinfo?size=1");
        assert.equal(villagers.status, 200, JSON.stringify(villagers.body));
        const villager = villagers.body.data.data[0];
        const goodsName = `E2E香皂${suffix}`;
        const shelf = await call(v01, "/integral/api/goods?size=1");
        const cover = shelf.body.data.data[0].cover; // a demo picture the village may link
        const goods = await call(v01, "/integral/api/goods", "POST", { goodsName, cover, pointsPrice: 12, stock: 9, category: "1" });
        assert.equal(goods.status, 200, JSON.stringify(goods.body));
        const gid = goods.body.data.id;
        assert.equal((await call(v01, `/integral/api/goods/${gid}/status`, "PUT", { action: "shelve" })).status, 200);
        const totalOf = async () => (await call(v01, `/integral/api/pointsLogs/total?villagerId=${villager.id}`)).body.data.total;
        const before = await totalOf();
        if (before < 50) {
          const got = await call(v01, "/integral/api/pointsLogs/obtain", "POST", { villagerId: villager.id, points: 50 - before, reason: "参加村内义务劳动" });
          assert.equal(got.status, 200, JSON.stringify(got.body));
        }
        const balance = await totalOf();
        const order = await call(v01, "/integral/api/orders", "POST", { villager: villager.id, goods: gid, quantity: 2 });
        assert.equal(order.status, 200, JSON.stringify(order.body));
        assert.equal(order.body.data.totalPoints, 24, "the order is priced from the goods");
        assert.equal(await totalOf(), balance - 24, "the order spends the villager's points");

        const page = await demo.page("v01_admin");
        await page.goto(`/m/pointsGoods?goodsName.contains=${encodeURIComponent(goodsName)}`);
        const row = await visible(page.locator(".ant-table-row").filter({ hasText: goodsName }), 30_000);
        await visible(row.locator("td").filter({ hasText: /^7$/ }));
        await page.goto(`/m/pointsLog?villager.equals=${villager.id}&changeType.equals=3`);
        await visible(page.locator(".ant-table-row").filter({ hasText: `兑换「${goodsName}」×2` }).filter({ hasText: "-24" }), 30_000);

        // Cancelling from the order's page gives the points and the stock back.
        await page.goto(`/m/pointsOrder/show/${order.body.data.id}`);
        await (await visible(page.getByRole("button", { name: /取\s*消/ }).first(), 30_000)).click();
        const dialog = page.getByRole("dialog");
        await (await visible(dialog.getByRole("button", { name: /确\s*定/ }))).click();
        await visible(page.locator(".ant-tag").filter({ hasText: "已取消" }), 30_000);
        assert.equal(await totalOf(), balance, "cancelling gives the points back");
        await page.goto(`/m/pointsGoods?goodsName.contains=${encodeURIComponent(goodsName)}`);
        const back = await visible(page.locator(".ant-table-row").filter({ hasText: goodsName }), 30_000);
        await visible(back.locator("td").filter({ hasText: /^9$/ }));
        await page.goto(`/m/pointsLog?villager.equals=${villager.id}&changeType.equals=4`);
        await visible(page.locator(".ant-table-row").filter({ hasText: "退还积分" }).filter({ hasText: "24" }), 30_000);

        // --- Exam --------------------------------------------------------------------------------------
        const cats = await call(county, "/exam/api/exam/subjectCategory?size=50");
        const cat = cats.body.data.data.find((c) => c.root === 1 || c.root === 3) ?? cats.body.data.data[0];
        const opts = (...xs) => xs.map((x, i) => ({ optionName: String.fromCharCode(65 + i), optionContent: x }));
        const ids = [];
        for (const q of [
          { subjectType: 1, subjectName: `村民委员会每届任期几年？${suffix}`, subjectOptions: opts("三年", "五年"), answer: "B", analysis: "村民委员会组织法第十三条。", score: 5 },
          { subjectType: 3, subjectName: `未成年人可以私自下水游泳。${suffix}`, subjectOptions: opts("正确", "错误"), answer: "B", analysis: "防溺水“六不”。", score: 5 },
        ]) {
          const made = await call(county, "/exam/api/subjects", "POST", { ...q, category: cat.id });
          assert.equal(made.status, 200, JSON.stringify(made.body));
          ids.push(made.body.data.id);
        }
        const title = `E2E应知应会${suffix}`;
        const town1 = await demo.token("town1_admin"); // the township sets the exam its staff take
        const exam = await call(town1, "/exam/api/exams", "POST", {
          title, category: cat.id, paperMode: 1, questions: ids, totalScore: 10, passScore: 6, durationMin: 20,
          startTime: at(-1), endTime: at(3), targetScope: 1, allowTimes: 1,
        });
        assert.equal(exam.status, 200, JSON.stringify(exam.body));
        assert.equal((await call(town1, `/exam/api/exams/${exam.body.data.id}/status`, "PUT", { action: "publish" })).status, 200);

        const taker = await demo.page("town1_admin");
        await taker.goto(`/m/exam?title.contains=${encodeURIComponent(title)}`);
        const examRow = await visible(taker.locator(".ant-table-row").filter({ hasText: title }), 30_000);
        await examRow.getByRole("link", { name: "参加考试" }).click();
        await visible(taker.getByText(`1. 村民委员会每届任期几年？${suffix}`), 30_000);
        await taker.getByLabel("B. 五年").check();
        await taker.getByLabel("A. 正确").check(); // wrong on purpose
        await taker.getByRole("button", { name: /交\s*卷/ }).click();
        await (await visible(taker.locator(".ant-popconfirm").getByRole("button", { name: /确\s*定|OK/ }))).click();
        await visible(taker.getByText("得分：5 / 10"), 30_000);
        await visible(taker.getByText("不及格"));
        await visible(taker.getByText("回答错误"));
        await visible(taker.getByText("防溺水“六不”。"));

        // --- Marking a short answer ----------------------------------------------------------------------
        const short = await call(county, "/exam/api/subjects", "POST", {
          subjectType: 4, category: cat.id, subjectName: `简述“四议两公开”工作法。${suffix}`, score: 5,
          answer: "党支部提议、两委商议、党员大会审议、村民会议决议；决议公开、实施结果公开。", analysis: "村级重大事项决策程序。",
        });
        assert.equal(short.status, 200, JSON.stringify(short.body));
        const markTitle = `E2E四议两公开${suffix}`;
        const markExam = await call(town1, "/exam/api/exams", "POST", {
          title: markTitle, category: cat.id, paperMode: 1, questions: [ids[0], short.body.data.id], totalScore: 10, passScore: 6,
          durationMin: 20, startTime: at(-1), endTime: at(3), targetScope: 1, allowTimes: 1,
        });
        assert.equal(markExam.status, 200, JSON.stringify(markExam.body));
        const markID = markExam.body.data.id;
        assert.equal((await call(town1, `/exam/api/exams/${markID}/status`, "PUT", { action: "publish" })).status, 200);
        const handed = await call(town1, `/exam/api/exams/${markID}/submit`, "POST", {
          answers: { [ids[0]]: "B", [short.body.data.id]: "提议、商议、审议、决议，两公开" },
        });
        assert.equal(handed.status, 200, JSON.stringify(handed.body));
        assert.equal(handed.body.data.score, 5);
        assert.equal(handed.body.data.pendingCount, 1);
        await taker.goto("/m/examAnswer");
        await (await visible(taker.getByRole("button", { name: "简答题评阅" }), 30_000)).click();
        await taker.waitForURL(/\/m\/exam\/marking$/);
        await taker.goto(`/m/exam/marking?exam=${markID}`);
        const sheetRow = await visible(taker.locator(".ant-table-row").filter({ hasText: markTitle }), 30_000);
        await sheetRow.getByRole("link", { name: "评阅" }).click();
        await visible(taker.getByText("提议、商议、审议、决议，两公开"), 30_000);
        await visible(taker.getByText("村级重大事项决策程序。"));
        await visible(taker.getByTestId("marking-score").filter({ hasText: "5 / 10" }));
        await taker.getByRole("spinbutton", { name: "第 2 题得分" }).fill("3");
        const saved = taker.waitForResponse((r) => r.url().includes(`/exam/api/examAnswers/${handed.body.data.sheet.id}/marking`) && r.request().method() === "POST");
        await taker.getByRole("button", { name: "保存评阅" }).click();
        assert.equal((await saved).status(), 200);
        await visible(taker.getByTestId("marking-score").filter({ hasText: "8 / 10" }), 30_000);
        await visible(taker.getByTestId("marking-passed").filter({ hasText: /^及格$/ }));
        const over = await call(town1, `/exam/api/examAnswers/${handed.body.data.sheet.id}/marking`, "PUT", { marks: { [short.body.data.id]: 6 } });
        assert.equal(over.status, 400, JSON.stringify(over.body));
        assert.equal(over.body.msg, "第 2 题得分须在 0 到 5 分之间");
        await taker.goto("/m/exam/statistics");
        await visible(taker.locator(".ant-table-row").filter({ hasText: markTitle }), 30_000);

        // --- Vote --------------------------------------------------------------------------------------
        const voteTitle = `E2E路灯选址${suffix}`;
        const vote = await call(v01, "/vote/api/voteInfos", "POST", {
          title: voteTitle, voteType: 3, voterScope: 1, startTime: at(-1), endTime: at(5),
          voteQuestions: [{ questionTitle: "路灯安装在哪里？", choiceMode: 1, options: "村口\n小学门口" }],
        });
        assert.equal(vote.status, 200, JSON.stringify(vote.body));
        assert.equal((await call(v01, `/vote/api/voteInfos/${vote.body.data.id}/status`, "PUT", { action: "start" })).status, 200);
        await page.goto(`/m/vote?title.contains=${encodeURIComponent(voteTitle)}`);
        const voteRow = await visible(page.locator(".ant-table-row").filter({ hasText: voteTitle }), 30_000);
        await voteRow.getByRole("link", { name: "参与投票" }).click();
        await (await visible(page.getByLabel("小学门口"), 30_000)).check();
        await page.getByRole("button", { name: "提交投票" }).click();
        await visible(page.getByText("投票成功"), 30_000);
        await visible(page.getByText("已有 1 人投票"));
        await visible(page.getByText("您已参加本次投票"));
        const again = await call(v01, `/vote/api/voteInfos/${vote.body.data.id}/ballot`, "POST", { choices: { [vote.body.data.voteQuestions[0].id]: "村口" } });
        assert.equal(again.status, 409, JSON.stringify(again.body));
        assert.equal(again.body.msg, "您已参加过本次投票，每人只能投一次");
      } finally {
        await demo.stop();
      }
    },
  },
];
