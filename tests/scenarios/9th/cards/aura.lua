-- Test-only spell with a duration and no effect, cast on oneself.
return card {
  name = "Test Aura",
  kind = "neutral",
  range = "self",
  duration = "duration",
  targets = { "self" },
  text = "A spell with a duration and no effect, for tests of durations.",
}
