// The vehicle application's texts as the specification quotes them (§5, §8), and sample vehicles, for the
// dialog's tests: the bundles must hold these verbatim.

export const SPEC = {
  applicantRequired: "请输入申请人",
  applicantLength: "长度在 2 到 20 个字符",
  destinationRequired: "请输入出行目的地",
  timeRequired: "请输入出发时间",
  reasonRequired: "请输入申请事由",
  vehicleRequired: "请输入申请车辆",
  paramsMissing: "请填写必要参数",
  added: "添加成功",
  conflict: "该时间段车辆已被预约，请重新选择时间段",
  next: "下一步",
  ok: "确定",
  step1: "选择车辆",
  step2: "填写事由",
} as const;

export const VEHICLES = [
  {
    id: 7,
    plateNumber: "冀A·12345",
    vehicleType: "1",
    brand: "大众",
    model: "帕萨特",
    seats: 5,
    contactName: "张三",
    booked: false,
    officeVehicleApplicationsList: [{ id: 31, startTime: "2030-05-01 08:00:00", endTime: "2030-05-02 18:00:00", status: 1 }],
  },
  { id: 8, plateNumber: "冀A·67890", vehicleType: "2", brand: "丰田", model: "考斯特", seats: 20, contactName: "李四", officeVehicleApplicationsList: [] },
];

export const FORM = { applicant: "  王五  ", partners: "赵六", destination: " 县城 ", reason: " 开会 " };
