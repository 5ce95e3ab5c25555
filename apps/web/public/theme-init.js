// Sets the theme chosen with the toggle (if any) before the app loads, so the page never flashes.
try {
  var saved = localStorage.getItem("hubkit-theme");
  if (saved === "light" || saved === "dark") document.documentElement.dataset.theme = saved;
} catch {
  // storage can be disabled: the system preference applies
}
