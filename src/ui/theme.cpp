#include "theme.h"

namespace gamut::ui {

static bool g_light = false;

bool light_theme() { return g_light; }

void set_theme(const std::string& name) {
  g_light = name == "light";
  if (!g_light) return;  // the base style is the dark one
  ImVec4* c = ImGui::GetStyle().Colors;
  c[ImGuiCol_WindowBg] = ImVec4(0.95f, 0.92f, 0.85f, 1);
  c[ImGuiCol_ChildBg] = ImVec4(0.91f, 0.87f, 0.78f, 1);
  c[ImGuiCol_PopupBg] = ImVec4(0.97f, 0.94f, 0.88f, 0.98f);
  c[ImGuiCol_MenuBarBg] = ImVec4(0.88f, 0.83f, 0.72f, 1);
  c[ImGuiCol_Button] = ImVec4(0.80f, 0.66f, 0.45f, 1);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.86f, 0.72f, 0.50f, 1);
  c[ImGuiCol_ButtonActive] = ImVec4(0.74f, 0.58f, 0.36f, 1);
  c[ImGuiCol_FrameBg] = ImVec4(0.99f, 0.97f, 0.92f, 1);
  c[ImGuiCol_FrameBgHovered] = ImVec4(0.93f, 0.88f, 0.78f, 1);
  c[ImGuiCol_FrameBgActive] = ImVec4(0.90f, 0.84f, 0.72f, 1);
  c[ImGuiCol_TitleBg] = ImVec4(0.80f, 0.70f, 0.52f, 1);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.74f, 0.62f, 0.42f, 1);
  c[ImGuiCol_Header] = ImVec4(0.84f, 0.74f, 0.56f, 1);
  c[ImGuiCol_HeaderHovered] = ImVec4(0.88f, 0.78f, 0.60f, 1);
  c[ImGuiCol_HeaderActive] = ImVec4(0.80f, 0.68f, 0.48f, 1);
  c[ImGuiCol_SliderGrab] = ImVec4(0.55f, 0.38f, 0.18f, 1);
  c[ImGuiCol_SliderGrabActive] = ImVec4(0.45f, 0.30f, 0.12f, 1);
  c[ImGuiCol_CheckMark] = ImVec4(0.45f, 0.28f, 0.10f, 1);
  c[ImGuiCol_Separator] = ImVec4(0.60f, 0.50f, 0.36f, 1);
  c[ImGuiCol_ScrollbarBg] = ImVec4(0.90f, 0.86f, 0.78f, 1);
  c[ImGuiCol_ScrollbarGrab] = ImVec4(0.70f, 0.60f, 0.45f, 1);
  c[ImGuiCol_Border] = ImVec4(0.60f, 0.50f, 0.36f, 0.6f);
  c[ImGuiCol_NavHighlight] = ImVec4(0.20f, 0.35f, 0.80f, 1);
  c[ImGuiCol_Text] = ImVec4(0.15f, 0.11f, 0.07f, 1);
  c[ImGuiCol_TextDisabled] = ImVec4(0.40f, 0.34f, 0.27f, 1);
}

// Hue kept, value lowered to at most 0.42 and saturation raised a little: a
// pale yellow for dark ground becomes a brown that reads on parchment (WCAG
// contrast about 5:1 against the light window background).
ImU32 ink(ImU32 col) {
  if (!g_light) return col;
  ImVec4 v = ImGui::ColorConvertU32ToFloat4(col);
  float h, s, b;
  ImGui::ColorConvertRGBtoHSV(v.x, v.y, v.z, h, s, b);
  b = b > 0.42f ? 0.42f : b;
  s = s < 0.5f ? s + 0.3f : s;
  ImGui::ColorConvertHSVtoRGB(h, s > 1 ? 1 : s, b, v.x, v.y, v.z);
  return ImGui::ColorConvertFloat4ToU32(v);
}

ImVec4 ink(const ImVec4& col) {
  return g_light ? ImGui::ColorConvertU32ToFloat4(ink(ImGui::ColorConvertFloat4ToU32(col))) : col;
}

}  // namespace gamut::ui
