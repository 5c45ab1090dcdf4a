import {
  AppstoreOutlined,
  BarChartOutlined,
  BankOutlined,
  BellOutlined,
  CarOutlined,
  ClusterOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HomeOutlined,
  MessageOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SoundOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

// A small fixed set keeps the bundle small; any other name gets the folder (spec §9: default menu icon).
const ICONS: Readonly<Record<string, ComponentType>> = {
  appstore: AppstoreOutlined,
  chart: BarChartOutlined,
  bank: BankOutlined,
  bell: BellOutlined,
  car: CarOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  environment: EnvironmentOutlined,
  file: FileTextOutlined,
  folder: FolderOutlined,
  form: FormOutlined,
  home: HomeOutlined,
  message: MessageOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  shop: ShopOutlined,
  sound: SoundOutlined,
  team: TeamOutlined,
  user: UserOutlined,
  video: VideoCameraOutlined,
};

/** MENU_ICON_NAMES are the icon names the menus and roles can choose from (the icon pickers list them). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** iconKey reduces "SettingOutlined", "setting", "el-icon-setting" to "setting". */
export function iconKey(name: string | undefined): string {
  return (name ?? "")
    .toLowerCase()
    .replace(/^(el-icon-|icon-)/, "")
    .replace(/(outlined|filled|twotone)$/, "")
    .replace(/[^a-z]/g, "");
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = ICONS[iconKey(name)] ?? FolderOutlined;
  return <Icon />;
}
