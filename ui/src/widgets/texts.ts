// The shared widgets' texts. The spec's messages are quoted verbatim; the rest is the console's own
// wording. They are Chinese-only for now (the widgets are not yet in the five locale bundles).

export const W = {
  preview: "预览",
  chart: { failed: "加载失败", retryIn: (s: number, n: number) => `加载失败，${s} 秒后重试（第 ${n} 次）`, load: "加载" },
  draw: {
    progress: (n: number) => `已添加 ${n} 个顶点，单击地图添加顶点，双击或点击“完成”结束`,
    finish: "完成",
    cancel: "取消",
    polygon: "绘制多边形",
    parcel: "绘制地块",
    polygonTitle: (i: number) => `多边形 ${i}`,
    none: "尚未绘制",
    drawn: "已绘制多边形",
    deletePolygonHint: "右键单击多边形可删除",
    deleteParcelHint: "右键单击地块可删除",
    confirmDelete: "确定删除？",
    ok: "确定",
  },
  land: { category: "地块类别", counts: "地块统计" },
  locate: {
    place: "搜索地点",
    search: "搜索",
    coordinate: "输入坐标",
    coordinatePlaceholder: "经度,纬度",
    go: "定位",
    results: "搜索结果",
    pickResult: "选择搜索结果",
  },
  point: { current: "当前坐标", none: "未选择位置，请在地图上点选", radius: "半径(米)", radiusBefore: "半径", metres: "米", clear: "清除" },
  news: {
    source: "来源：",
    author: "作者：",
    publishTime: "发布时间：",
    visits: "访问量：",
    desktop: "电脑端",
    mobile: "手机端",
  },
  person: { placeholder: "请输入姓名搜索", empty: "暂无数据" },
  question: { choice: "选择题", shortAnswer: "简答题", score: (n: number) => `${n} 分`, options: "选项", answer: "答案：", analysis: "解析：", none: "无" },
} as const;
