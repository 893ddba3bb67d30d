// An empty module (cuTile probes tileiras with one).
cuda_tile.module @probe {
}
