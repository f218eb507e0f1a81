#!/usr/bin/env node
// The `portico-server` command runs the compiled services (npm run build compiles them into dist/).
import '../dist/production/main.js'
