// Only global and entry ops may stand without a module (what tileirdisasm prints).

addi
